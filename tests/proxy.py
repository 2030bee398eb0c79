#!/usr/bin/env python3
"""proxy.py - a small HTTP CONNECT proxy for kinformer's tests (standard library only).

    python3 tests/proxy.py [--port 0] [--port-file F] [--lifetime SECONDS]
                           [--user U --password P] [--map NAME=IP]...
                           [--mode relay|garbage|close|silent|status:NNN]
                           [--exit-with-parent] [--quiet]

Listens on 127.0.0.1 (port 0: the kernel's choice, written to --port-file).
Each connection's request head is read (at most 16 KiB, 10 s); its request
line and Proxy-Authorization header are recorded; then, by mode:

  relay       CONNECT HOST:PORT is answered "HTTP/1.1 200 Connection
              established" and bytes are relayed both ways until either side
              closes. HOST is first looked up in the --map table (so that a
              name such as kube.test, which no resolver knows, reaches
              127.0.0.1); the target must then be a loopback address, else
              403 (the proxy never reaches past this machine). A target that
              refuses: 502. With --user/--password, a CONNECT without those
              Basic credentials is answered 407 (Proxy-Authenticate: Basic).
              A method other than CONNECT: 405.
  garbage     answers bytes that are no HTTP ("SSH-2.0-..." and a blank
              line) and closes
  close       closes at once, nothing answered
  silent      answers nothing and keeps the connection open (until the
              client closes it or the lifetime ends)
  status:NNN  answers "HTTP/1.1 NNN ..." with Content-Length: 0 and closes

It stops by itself after --lifetime seconds (default 300): every loop is
bounded by that deadline and by a count. From the command line it prints one
line per request, flushed: "REQ <request line> | auth=<header or -> | <status>".

As a module:

    from proxy import ConnectProxy
    px = ConnectProxy(credentials=("user", "p@ss"), hosts={"kube.test": "127.0.0.1"},
                      lifetime=300)
    px.url()                     # "http://127.0.0.1:PORT"
    px.url("user", "p@ss")       # "http://user:p%40ss@127.0.0.1:PORT"
    px.requests()                # [{"line": "CONNECT h:p HTTP/1.1", "auth": ..., "host": ..., "status": 200}, ...]
    px.connect_lines()           # the request lines only
    px.tunnels()                 # tunnels opened (200 answered)
    px.relayed()                 # bytes relayed: (client -> server, server -> client)
    px.set_mode("status:503")
    px.close()
"""

import argparse
import base64
import ipaddress
import os
import select
import socket
import sys
import threading
import time
import urllib.parse

HEAD_MAX = 16384
HEAD_TIMEOUT = 10.0
UPSTREAM_TIMEOUT = 10.0
ESTABLISHED = b"HTTP/1.1 200 Connection established\r\n\r\n"   # the answer that opens a tunnel
REASONS = {200: "Connection established", 403: "Forbidden", 405: "Method Not Allowed",
           407: "Proxy Authentication Required", 400: "Bad Request", 502: "Bad Gateway",
           503: "Service Unavailable"}


def basic(user, password):
    """The value of a Proxy-Authorization header for user:password."""
    return "Basic " + base64.b64encode(("%s:%s" % (user, password)).encode()).decode()


def is_loopback(addr):
    try:
        return ipaddress.ip_address(addr).is_loopback
    except ValueError:
        return False


class ConnectProxy:
    """The proxy in this process: a listening thread and one thread a connection."""

    def __init__(self, credentials=None, hosts=None, mode="relay", lifetime=300, port=0,
                 on_request=None):
        self.credentials = credentials
        self.want_auth = basic(*credentials) if credentials else None
        self.hosts = {k.lower(): v for k, v in (hosts or {}).items()}
        self.mode = mode
        self.lifetime = lifetime
        self.deadline = time.monotonic() + lifetime
        self.on_request = on_request
        self.lock = threading.Lock()
        self.reqs = []
        self.n_tunnels = 0
        self.n_up = 0               # bytes relayed client -> server
        self.n_down = 0             # bytes relayed server -> client
        self.stopping = threading.Event()
        self.socks = set()          # open client and upstream sockets, closed on close()
        self.lsock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.lsock.bind(("127.0.0.1", port))
        self.lsock.listen(64)
        self.lsock.settimeout(0.2)
        self.port = self.lsock.getsockname()[1]
        self.t = threading.Thread(target=self._accept_loop, name="proxy-accept", daemon=True)
        self.t.start()

    # ------------------------------------------------------------ what it saw
    def url(self, user=None, password=None):
        """http://[user:password@]127.0.0.1:PORT, user and password %-escaped."""
        ui = ""
        if user is not None:
            ui = urllib.parse.quote(user, safe="") + ":" + urllib.parse.quote(password or "", safe="") + "@"
        return "http://%s127.0.0.1:%d" % (ui, self.port)

    def hostport(self):
        return "127.0.0.1:%d" % self.port

    def requests(self):
        with self.lock:
            return [dict(r) for r in self.reqs]

    def connect_lines(self):
        with self.lock:
            return [r["line"] for r in self.reqs]

    def tunnels(self):
        with self.lock:
            return self.n_tunnels

    def relayed(self):
        """Bytes relayed: (client -> server, server -> client)."""
        with self.lock:
            return self.n_up, self.n_down

    def set_mode(self, mode):
        self.mode = mode

    def wait_requests(self, n, timeout):
        """Waits until n requests were recorded; True if they were."""
        end = time.monotonic() + timeout
        for _ in range(int(timeout * 20) + 1):
            if len(self.requests()) >= n:
                return True
            if time.monotonic() > end:
                break
            time.sleep(0.05)
        return len(self.requests()) >= n

    def close(self):
        self.stopping.set()
        try:
            self.lsock.close()
        except OSError:
            pass
        with self.lock:
            socks = list(self.socks)
        for s in socks:
            try:
                s.close()
            except OSError:
                pass
        self.t.join(timeout=5)

    # ------------------------------------------------------------ the work
    def _alive(self):
        return not self.stopping.is_set() and time.monotonic() < self.deadline

    def _accept_loop(self):
        for _ in range(int(self.lifetime * 10) + 100000):  # a connection or 0.2 s a round: bounded
            if not self._alive():
                break
            try:
                cs, _ = self.lsock.accept()
            except socket.timeout:
                continue
            except OSError:
                break
            with self.lock:
                self.socks.add(cs)
            threading.Thread(target=self._serve, args=(cs,), name="proxy-conn", daemon=True).start()
        self.stopping.set()
        try:
            self.lsock.close()
        except OSError:
            pass

    def _track(self, s, add):
        with self.lock:
            if add:
                self.socks.add(s)
            else:
                self.socks.discard(s)

    def _read_head(self, cs):
        """The request head (bytes up to and with the blank line), or None."""
        cs.settimeout(0.5)
        buf = b""
        end = min(self.deadline, time.monotonic() + HEAD_TIMEOUT)
        for _ in range(HEAD_MAX + 100):
            if b"\r\n\r\n" in buf or b"\n\n" in buf:
                return buf
            if len(buf) > HEAD_MAX or time.monotonic() > end or not self._alive():
                return None
            try:
                b = cs.recv(1)      # a byte at a time: a client's bytes after the head stay in the socket
            except socket.timeout:
                continue
            except OSError:
                return None
            if not b:
                return None
            buf += b
        return None

    def _answer(self, cs, code, extra=""):
        msg = "HTTP/1.1 %d %s\r\n%sContent-Length: 0\r\nConnection: close\r\n\r\n" % (
            code, REASONS.get(code, "Status"), extra)
        try:
            cs.sendall(msg.encode())
        except OSError:
            pass

    def _record(self, rec):
        with self.lock:
            self.reqs.append(rec)
        if self.on_request:
            self.on_request(rec)

    def _serve(self, cs):
        try:
            self._serve1(cs)
        finally:
            self._track(cs, False)
            try:
                cs.close()
            except OSError:
                pass

    def _serve1(self, cs):
        head = self._read_head(cs)
        if head is None:
            return
        lines = head.decode("latin-1").replace("\r\n", "\n").split("\n")
        line = lines[0]
        hdrs = {}
        for ln in lines[1:]:
            k, sep, v = ln.partition(":")
            if sep:
                hdrs.setdefault(k.strip().lower(), v.strip())
        rec = {"line": line, "auth": hdrs.get("proxy-authorization"), "host": hdrs.get("host"),
               "status": None, "target": None}
        mode = self.mode
        if mode != "relay":
            if mode.startswith("status:"):
                rec["status"] = int(mode[7:])
                self._record(rec)
                self._answer(cs, rec["status"])
            elif mode == "garbage":
                rec["status"] = "garbage"
                self._record(rec)
                try:
                    cs.sendall(b"SSH-2.0-OpenSSH_9.6 not-a-proxy\r\n\r\n")
                except OSError:
                    pass
            elif mode == "silent":
                rec["status"] = "silent"
                self._record(rec)
                cs.settimeout(0.5)
                for _ in range(int(self.lifetime * 2) + 10):
                    if not self._alive():
                        break
                    try:
                        if not cs.recv(4096):
                            break
                    except socket.timeout:
                        continue
                    except OSError:
                        break
            else:                   # "close"
                rec["status"] = "closed"
                self._record(rec)
            return
        parts = line.split(" ")
        if len(parts) != 3 or parts[0] != "CONNECT" or not parts[2].startswith("HTTP/1."):
            rec["status"] = 405 if len(parts) == 3 and parts[0] != "CONNECT" else 400
            self._record(rec)
            self._answer(cs, rec["status"])
            return
        if self.want_auth and rec["auth"] != self.want_auth:
            rec["status"] = 407
            self._record(rec)
            self._answer(cs, 407, 'Proxy-Authenticate: Basic realm="kinformer-test"\r\n')
            return
        host, _, port = parts[1].rpartition(":")
        host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
        try:
            port = int(port)
        except ValueError:
            port = -1
        addr = self.hosts.get(host.lower(), host)
        rec["target"] = "%s:%d" % (addr, port)
        if not (0 < port < 65536) or not is_loopback(addr):
            rec["status"] = 403     # never past this machine
            self._record(rec)
            self._answer(cs, 403)
            return
        try:
            up = socket.create_connection((addr, port), timeout=UPSTREAM_TIMEOUT)
        except OSError:
            rec["status"] = 502
            self._record(rec)
            self._answer(cs, 502)
            return
        self._track(up, True)
        try:
            rec["status"] = 200
            self._record(rec)
            with self.lock:
                self.n_tunnels += 1
            try:
                cs.sendall(ESTABLISHED)
            except OSError:
                return
            self._relay(cs, up)
        finally:
            self._track(up, False)
            try:
                up.close()
            except OSError:
                pass

    def _relay(self, a, b):
        """a the client, b the server"""
        a.setblocking(True)
        b.setblocking(True)
        peer = {a: b, b: a}
        for _ in range(int(self.lifetime * 1000) + 1000):   # a round per read, or per 0.5 s idle
            if not self._alive():
                return
            try:
                r, _, _ = select.select([a, b], [], [], 0.5)
            except (OSError, ValueError):
                return
            for s in r:
                try:
                    data = s.recv(65536)
                except OSError:
                    data = b""
                if not data:
                    # one side ended: the other is told (its write side shut) and the tunnel
                    # ends (kinformer closes a connection whole, never half)
                    try:
                        peer[s].shutdown(socket.SHUT_WR)
                    except OSError:
                        pass
                    return
                with self.lock:     # counted before it is sent: a reader of the counts after the
                    if s is a:      # client read the bytes never sees less than it read
                        self.n_up += len(data)
                    else:
                        self.n_down += len(data)
                try:
                    peer[s].sendall(data)
                except OSError:
                    return


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--port-file")
    ap.add_argument("--lifetime", type=float, default=300)
    ap.add_argument("--user")
    ap.add_argument("--password")
    ap.add_argument("--map", action="append", default=[], metavar="NAME=IP")
    ap.add_argument("--mode", default="relay")
    ap.add_argument("--exit-with-parent", action="store_true", help="stop when the parent process goes")
    ap.add_argument("--quiet", action="store_true", help="no line per request")
    a = ap.parse_args()
    if (a.user is None) != (a.password is None):
        ap.error("--user and --password go together")
    hosts = {}
    for m in a.map:
        k, sep, v = m.partition("=")
        if not sep:
            ap.error("--map NAME=IP")
        hosts[k] = v
    out_lock = threading.Lock()

    def show(rec):
        if not a.quiet:
            with out_lock:
                sys.stdout.write("REQ %s | auth=%s | %s\n" % (rec["line"], rec["auth"] or "-", rec["status"]))
                sys.stdout.flush()

    px = ConnectProxy(credentials=(a.user, a.password) if a.user is not None else None, hosts=hosts,
                      mode=a.mode, lifetime=a.lifetime, port=a.port, on_request=show)
    if a.port_file:
        tmp = a.port_file + ".tmp"
        with open(tmp, "w") as f:
            f.write("%d\n" % px.port)
        os.replace(tmp, a.port_file)
    if not a.quiet:
        sys.stdout.write("# proxy on 127.0.0.1:%d, mode %s, lifetime %g s\n" % (px.port, a.mode, a.lifetime))
        sys.stdout.flush()
    parent = os.getppid()
    try:
        for _ in range(int(a.lifetime * 5) + 10):
            if not px._alive():
                break
            if a.exit_with_parent and os.getppid() != parent:
                break
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    px.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
