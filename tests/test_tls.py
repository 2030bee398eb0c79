#!/usr/bin/env python3
"""test_tls.py - kinformer's TLS, authentication and configuration tests.

    python3 tests/test_tls.py [--kwatch build/kwatch] [--kwatch-notls build/kwatch-notls]
                              [--only SUBSTRING]... [--jobs N] [--keep] [--verbose]

Runs build/kwatch (BearSSL) and build/kwatch-notls against tests/fakeapi.py
(HTTPS with certificates made here by the `openssl` command, client
certificates through fakeapi's --client-ca, IPv6 through --host ::1), against
nginx terminating TLS in front of a plain-HTTP fakeapi, with kubeconfigs
written by the real kubectl, and with an in-cluster service account.

Prints "ok - NAME" or "not ok - NAME: why" per check and, as the last line,
"N passed, M failed" (exit status 1 when M > 0). Python 3.11 standard library
only. Errors are asserted on kwatch's log item ids (`kwatch: error ID: ...`),
never on message text. Everything listens on 127.0.0.1 or ::1; every
subprocess has a timeout; every server is killed in a finally; the temporary
directory (certificates, keys, kubeconfigs) is removed at the end.

How a watch is judged without timing assertions ("sentinel"): kwatch runs with
`-o name --dump-on-exit`; the test stops the churn, waits until the server's
resourceVersion stops moving, creates a sentinel pod and waits (bounded) for
kwatch's `ADDED <sentinel>` line. Events arrive in resourceVersion order, so
kwatch's cache must then equal the server's state: kwatch gets SIGTERM and its
dump must be byte-identical to /_fake/state.
"""

import argparse
import concurrent.futures
import json
import os
import re
import secrets
import shutil
import signal
import socket
import ssl
import struct
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request
from loopback import free_port  # noqa: E402
from proxy import ConnectProxy, basic  # noqa: E402 (tests/proxy.py)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FAKEAPI = os.path.join(HERE, "fakeapi.py")

OPTS = None
TMP = None                  # the run's scratch directory
EMPTY_HOME = None           # a HOME with nothing in it
KWATCH = None
KWATCH_NOTLS = None
PKI = None                  # the certificates, made once
SERVERS = {}                # name -> Fake
PROCS = []                  # every Popen we started; killed in the end
PROCS_LOCK = threading.Lock()
RUNS = []                   # every kwatch run: (name, stdout, stderr), scanned for tokens
RUNS_LOCK = threading.Lock()
TOKENS = set()              # every secret token used anywhere
PRINT_LOCK = threading.Lock()

ERR_RE = re.compile(r"^kwatch: error ([A-Z0-9_]+):", re.M)
WARN_RE = re.compile(r"^kwatch: warning ([A-Z0-9_]+):", re.M)
SYNC_RE = re.compile(r"^# synced (\d+) objects$", re.M)
MEM_RE = re.compile(r"^# stats memory used=(\d+) capacity=(\d+)", re.M)
SA_DEFAULT = "/var/run/secrets/kubernetes.io/serviceaccount"


def log(msg):
    if OPTS is not None and OPTS.verbose:
        with PRINT_LOCK:
            for ln in str(msg).splitlines():
                sys.stdout.write("# %s\n" % ln)
            sys.stdout.flush()


def new_token(tag):
    t = "kinftok-%s-%s" % (tag, secrets.token_hex(12))
    TOKENS.add(t)
    return t


# ======================================================================
# Results
# ======================================================================

class Group:
    """The results of one task, printed in task order."""

    def __init__(self, name):
        self.name = name
        self.results = []       # (ok, name, why)

    def ok(self, name, note=""):
        self.results.append((True, name + (" (%s)" % note if note else ""), ""))

    def fail(self, name, why):
        why = " ".join(str(why).split())
        if len(why) > 700:
            why = why[:700] + "..."
        self.results.append((False, name, why or "failed"))

    def check(self, cond, name, why="", note=""):
        if cond:
            self.ok(name, note)
        else:
            self.fail(name, why)
        return cond


# ======================================================================
# Processes
# ======================================================================

def spawn(cmd, **kw):
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, **kw)
    with PROCS_LOCK:
        PROCS.append(p)
    return p


def kill_proc(p, sig=signal.SIGTERM, wait=5):
    if p.poll() is None:
        try:
            p.send_signal(sig)
            p.wait(timeout=wait)
        except (subprocess.TimeoutExpired, OSError):
            try:
                p.kill()
                p.wait(timeout=5)
            except (subprocess.TimeoutExpired, OSError):
                pass


def run(cmd, timeout=60, **kw):
    return subprocess.run(cmd, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL, **kw)


def ossl(*args, cwd=None):
    r = run(["openssl"] + [str(a) for a in args], timeout=60, cwd=cwd)
    if r.returncode != 0:
        raise RuntimeError("openssl %s: %s" % (" ".join(map(str, args[:3])), r.stderr.decode(errors="replace")[-400:]))
    return r


def can_bind_v6():
    try:
        s = socket.socket(socket.AF_INET6)
        s.bind(("::1", 0))
        s.close()
        return True
    except OSError:
        return False


# ======================================================================
# Certificates (openssl, in TMP; never committed)
# ======================================================================

class Cert:
    def __init__(self, name, crt, key):
        self.name, self.crt, self.key = name, crt, key


class Pki:
    CA_CNF = ("[ ca ]\ndefault_ca = CA_default\n[ CA_default ]\ndir = .\ndatabase = index.txt\n"
              "new_certs_dir = newcerts\nserial = serial\ndefault_md = sha256\npolicy = policy_any\n"
              "unique_subject = no\n[ policy_any ]\ncommonName = supplied\n")

    def __init__(self, d):
        self.d = d
        os.makedirs(d, exist_ok=True)

    def p(self, name):
        return os.path.join(self.d, name)

    def key(self, name, kind="rsa", fmt="pkcs8"):
        path = self.p(name + ".key")
        if kind == "rsa" and fmt == "pkcs1":
            ossl("genrsa", "-traditional", "-out", path, "2048")
            want = "-----BEGIN RSA PRIVATE KEY-----"
        elif kind == "rsa":
            ossl("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", path)
            want = "-----BEGIN PRIVATE KEY-----"
        elif kind == "ec384":
            ossl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384", "-out", path)
            want = "-----BEGIN PRIVATE KEY-----"
        elif fmt == "sec1":
            # "EC PARAMETERS" block, then "EC PRIVATE KEY"
            ossl("ecparam", "-name", "prime256v1", "-genkey", "-out", path)
            want = "-----BEGIN EC PRIVATE KEY-----"
        else:
            ossl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", path)
            want = "-----BEGIN PRIVATE KEY-----"
        text = open(path).read()
        if want not in text:
            raise RuntimeError("%s: openssl did not write %s" % (path, want))
        return path

    def ca(self, name, kind="rsa"):
        k = self.key(name, kind)
        crt = self.p(name + ".pem")
        ossl("req", "-x509", "-new", "-key", k, "-out", crt, "-days", "3650", "-sha256",
             "-subj", "/O=kinformer tests/CN=%s" % name,
             "-addext", "basicConstraints=critical,CA:TRUE",
             "-addext", "keyUsage=critical,keyCertSign,cRLSign")
        return Cert(name, crt, k)

    def selfsigned(self, name, kind="ec"):
        """a self-signed end-entity certificate (CA:FALSE) for 127.0.0.1, ::1, localhost"""
        k = self.key(name, kind)
        crt = self.p(name + ".pem")
        ossl("req", "-x509", "-new", "-key", k, "-out", crt, "-days", "825", "-sha256",
             "-subj", "/O=kinformer tests/CN=%s" % name,
             "-addext", "basicConstraints=critical,CA:FALSE",
             "-addext", "keyUsage=critical,digitalSignature",
             "-addext", "extendedKeyUsage=serverAuth",
             "-addext", "subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost")
        return Cert(name, crt, k)

    def leaf(self, name, ca, kind="rsa", fmt="pkcs8", sans=("IP:127.0.0.1", "IP:::1", "DNS:localhost"),
             client=False, dates=None, sub_ca=False):
        k = self.key(name, kind, fmt)
        csr, crt, ext = self.p(name + ".csr"), self.p(name + ".pem"), self.p(name + ".ext")
        ossl("req", "-new", "-key", k, "-out", csr, "-subj", "/O=kinformer tests/CN=%s" % name)
        lines = ["basicConstraints=CA:FALSE",
                 "keyUsage=critical,digitalSignature%s" % (",keyEncipherment" if kind == "rsa" else ""),
                 "extendedKeyUsage=%s" % ("clientAuth" if client else "serverAuth")]
        if sub_ca:
            lines = ["basicConstraints=critical,CA:TRUE,pathlen:0", "keyUsage=critical,keyCertSign,cRLSign"]
        if sans:
            lines.append("subjectAltName=" + ",".join(sans))
        with open(ext, "w") as f:
            f.write("\n".join(lines) + "\n")
        if dates:
            # a CA-signed certificate with explicit validity dates: `openssl ca`
            cd = self.p(name + ".cadir")
            os.makedirs(os.path.join(cd, "newcerts"))
            open(os.path.join(cd, "index.txt"), "w").close()
            with open(os.path.join(cd, "serial"), "w") as f:
                f.write("%016X\n" % secrets.randbits(62))
            with open(os.path.join(cd, "ca.cnf"), "w") as f:
                f.write(self.CA_CNF)
            ossl("ca", "-batch", "-config", "ca.cnf", "-cert", ca.crt, "-keyfile", ca.key, "-in", csr,
                 "-out", crt, "-startdate", dates[0], "-enddate", dates[1], "-extfile", ext, "-notext",
                 cwd=cd)
        else:
            ossl("x509", "-req", "-in", csr, "-CA", ca.crt, "-CAkey", ca.key,
                 "-set_serial", str(secrets.randbits(62)), "-days", "825", "-sha256",
                 "-extfile", ext, "-out", crt)
        return Cert(name, crt, k)


def make_pki(d):
    pki = Pki(d)
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(8) as ex:
        cas = {n: ex.submit(pki.ca, n, kind) for n, kind in
               [("rsa-ca", "rsa"), ("ec-ca", "ec"), ("other-ca", "rsa"), ("client-ca", "ec"),
                ("other-client-ca", "rsa"), ("p384-ca", "ec384")] + [("filler-%02d" % i, "ec") for i in range(16)]}
        ss = ex.submit(pki.selfsigned, "selfsigned-srv")
        ca = {n: f.result() for n, f in cas.items()}
        ca["int-ca"] = pki.leaf("int-ca", ca["rsa-ca"], "ec", sans=(), sub_ca=True)
        spec = {
            "rsa-srv": (ca["rsa-ca"], "rsa", "pkcs8", {}),
            "ec-srv": (ca["ec-ca"], "ec", "pkcs8", {}),
            "dns-srv": (ca["rsa-ca"], "rsa", "pkcs8", {"sans": ("DNS:localhost",)}),
            "expired-srv": (ca["rsa-ca"], "rsa", "pkcs8", {"dates": ("20200101000000Z", "20210101000000Z")}),
            "future-srv": (ca["rsa-ca"], "rsa", "pkcs8", {"dates": ("20900101000000Z", "20950101000000Z")}),
            # valid from 2^31 s (the first second a 32-bit time_t cannot hold) to 2^32 s
            "time-srv": (ca["rsa-ca"], "ec", "pkcs8", {"dates": ("20380119031408Z", "21060207062816Z")}),
            "other-srv": (ca["other-ca"], "rsa", "pkcs8", {}),
            "cli-rsa-pkcs1": (ca["client-ca"], "rsa", "pkcs1", {"client": True, "sans": ()}),
            "cli-rsa-pkcs8": (ca["client-ca"], "rsa", "pkcs8", {"client": True, "sans": ()}),
            "cli-ec-sec1": (ca["client-ca"], "ec", "sec1", {"client": True, "sans": ()}),
            "cli-ec-pkcs8": (ca["client-ca"], "ec", "pkcs8", {"client": True, "sans": ()}),
            "cli-other": (ca["other-client-ca"], "ec", "pkcs8", {"client": True, "sans": ()}),
            "cli-expired": (ca["client-ca"], "ec", "pkcs8", {"client": True, "sans": (), "dates": ("20200101000000Z", "20210101000000Z")}),
            "int-srv": (ca["int-ca"], "ec", "pkcs8", {}),
            "p384-srv": (ca["p384-ca"], "ec384", "pkcs8", {}),
        }
        for n, (c, kind, fmt, kw) in spec.items():
            jobs[n] = ex.submit(pki.leaf, n, c, kind, fmt, **kw)
        certs = {n: f.result() for n, f in jobs.items()}
        certs["selfsigned-srv"] = ss.result()
    certs.update(ca)
    # the server's chain: leaf, then the intermediate
    chain = pki.p("int-srv-chain.pem")
    with open(chain, "w") as f:
        f.write(open(certs["int-srv"].crt).read() + open(ca["int-ca"].crt).read())
    certs["int-srv-chain"] = Cert("int-srv-chain", chain, certs["int-srv"].key)
    for n, count in (("bundle16.pem", 15), ("bundle17.pem", 16)):   # KINF_TLS_MAX_CAS is 16
        with open(pki.p(n), "w") as f:
            for i in range(count):
                f.write(open(ca["filler-%02d" % i].crt).read())
            f.write(open(ca["rsa-ca"].crt).read())
    sysb = system_bundle()
    if sysb:   # the system's whole bundle, and the same with the test CA last
        with open(pki.p("system.pem"), "w") as f:
            f.write(sysb)
        with open(pki.p("system-plus.pem"), "w") as f:
            f.write(sysb.rstrip("\n") + "\n" + open(ca["rsa-ca"].crt).read())
    with open(pki.p("rsa-ca-crlf.pem"), "w", newline="") as f:
        f.write(open(ca["rsa-ca"].crt).read().replace("\n", "\r\n"))
    with open(pki.p("cli-crlf.key"), "w", newline="") as f:
        f.write(open(certs["cli-ec-sec1"].key).read().replace("\n", "\r\n"))
    with open(pki.p("cli-crlf.pem"), "w", newline="") as f:
        f.write(open(certs["cli-ec-sec1"].crt).read().replace("\n", "\r\n"))
    # bundles and broken files
    with open(pki.p("bundle.pem"), "w") as f:      # an unrelated CA first
        for n in ("other-ca", "ec-ca", "rsa-ca"):
            f.write(open(certs[n].crt).read())
    with open(pki.p("garbage.pem"), "w") as f:
        f.write("this is not a PEM file\n" * 10)
    with open(pki.p("garbage-armored.pem"), "w") as f:
        f.write("-----BEGIN CERTIFICATE-----\nTm90IGEgY2VydGlmaWNhdGUgYXQgYWxsLCBqdXN0IHRleHQu\n"
                "-----END CERTIFICATE-----\n")
    with open(pki.p("garbage.key"), "w") as f:
        f.write("-----BEGIN PRIVATE KEY-----\nTm90IGEga2V5IGF0IGFsbCwganVzdCBzb21lIHRleHQuLi4u\n"
                "-----END PRIVATE KEY-----\n")
    with open(pki.p("garbage-text.key"), "w") as f:
        f.write("definitely not a key\n")
    pki.certs = certs
    return pki


# ======================================================================
# The fake API server
# ======================================================================

class Fake:
    def __init__(self, name, tls=None, client_ca=None, token_file=None, host="127.0.0.1",
                 pods=40, churn=0.0, ctl_cert=None):
        self.name, self.tls, self.host, self.ctl_cert = name, tls, host, ctl_cert
        self.dir = os.path.join(TMP, "srv-" + name)
        os.makedirs(self.dir)
        self.port_file = os.path.join(self.dir, "port")
        self.log_path = os.path.join(self.dir, "log")
        self.port = None
        cmd = [sys.executable, FAKEAPI, "--port", "0", "--port-file", self.port_file, "--lifetime", "200",
               "--exit-with-parent", "--pods", str(pods), "--namespaces", "3", "--seed", "11",
               "--pod-size", "3500"]
        if host != "127.0.0.1":
            cmd += ["--host", host]
        if tls:
            cmd += ["--tls-cert", tls.crt, "--tls-key", tls.key]
        if client_ca:
            cmd += ["--client-ca", client_ca]
        if token_file:
            cmd += ["--token-file", token_file]
        if churn:
            cmd += ["--churn", str(churn)]
        self.logf = open(self.log_path, "wb")
        self.proc = spawn(cmd, stdout=self.logf, stderr=subprocess.STDOUT)

    def wait_ready(self, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("fakeapi %s exited: %s" % (self.name, self.log_tail()))
            try:
                with open(self.port_file) as f:
                    self.port = int(f.read().strip())
                return self
            except (OSError, ValueError):
                time.sleep(0.05)
        raise RuntimeError("fakeapi %s did not start" % self.name)

    def log_tail(self):
        try:
            return open(self.log_path, "rb").read()[-500:].decode(errors="replace")
        except OSError:
            return ""

    @property
    def hostport(self):
        return "[%s]:%d" % (self.host, self.port) if ":" in self.host else "%s:%d" % (self.host, self.port)

    @property
    def url(self):
        return "%s://%s" % ("https" if self.tls else "http", self.hostport)

    def ctl(self, method, path, body=None, timeout=10):
        ctx = None
        if self.tls:
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            ctx.check_hostname = False
            ctx.verify_mode = ssl.CERT_NONE         # the control client is not what is tested
            if self.ctl_cert:
                ctx.load_cert_chain(self.ctl_cert.crt, self.ctl_cert.key)
        data = json.dumps(body).encode() if body is not None else (b"" if method == "POST" else None)
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if body is not None else {})
        try:
            with urllib.request.urlopen(req, timeout=timeout, context=ctx) as r:
                return r.status, r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()

    def state(self, path="/api/v1/pods"):
        code, body = self.ctl("GET", "/_fake/state?path=" + urllib.parse.quote(path))
        if code != 200:
            raise RuntimeError("state: HTTP %d" % code)
        return body.decode()

    def count(self, path="/api/v1/pods"):
        return int(self.state(path).splitlines()[0].split()[2])

    def stats(self):
        return json.loads(self.ctl("GET", "/_fake/stats")[1])

    def rv(self):
        return self.ctl("GET", "/_fake/rv")[1].decode().strip()

    def churn(self, rate):
        self.ctl("POST", "/_fake/churn?rate=%s" % rate)

    def settle(self, timeout=20):
        """Waits until the resourceVersion stops moving (after churn stopped)."""
        deadline = time.monotonic() + timeout
        last = self.rv()
        while time.monotonic() < deadline:
            time.sleep(0.4)
            now = self.rv()
            if now == last:
                return True
            last = now
        return False

    def sentinel(self, name, ns="ns-1"):
        obj = {"metadata": {"name": name, "namespace": ns, "labels": {"app": "web", "sentinel": "yes"}},
               "spec": {"nodeName": "node-1", "containers": [{"name": "web", "image": "nginx:1.27"}]},
               "status": {"phase": "Running"}}
        code, body = self.ctl("POST", "/_fake/apply?path=/api/v1/namespaces/%s/pods/%s" % (ns, name), obj)
        if code not in (200, 201):
            raise RuntimeError("sentinel: HTTP %d %s" % (code, body[:200]))
        return "%s/%s" % (ns, name)

    def close(self):
        kill_proc(self.proc)
        try:
            self.logf.close()
        except OSError:
            pass


# ======================================================================
# kwatch
# ======================================================================

def kenv(extra=None, home=None):
    """kwatch's environment: no kubeconfig or in-cluster variables unless given,
    HOME an empty directory unless given."""
    env = {k: v for k, v in os.environ.items() if k != "KUBECONFIG" and not k.startswith("KUBERNETES_")}
    env["HOME"] = home or EMPTY_HOME
    for k, v in (extra or {}).items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    return env


class Run:
    def __init__(self, name, args, rc, out, err):
        self.name, self.args, self.rc = name, args, rc
        self.out = out.decode(errors="replace") if isinstance(out, bytes) else (out or "")
        self.err = err.decode(errors="replace") if isinstance(err, bytes) else (err or "")
        with RUNS_LOCK:
            RUNS.append((name, self.out, self.err))

    def errors(self):
        return ERR_RE.findall(self.err)

    def warnings(self):
        return WARN_RE.findall(self.err)

    def synced(self):
        m = SYNC_RE.search(self.out)
        return int(m.group(1)) if m else None

    def mem(self):
        m = MEM_RE.search(self.err)
        return int(m.group(1)) if m else None

    def describe(self):
        ids = sorted(set(self.errors()))
        tail = " | ".join(self.err.strip().splitlines()[-3:])
        return "exit %s, error ids %s, stdout %r, stderr tail: %s" % (
            self.rc, ids, self.out.strip()[-120:], tail[-300:])


def kw(name, args, env=None, home=None, binary=None, timeout=30, cwd=None):
    cmd = [binary or KWATCH] + list(args)
    log("%s: %s" % (name, " ".join(cmd)))
    try:
        r = subprocess.run(cmd, capture_output=True, env=kenv(env, home), cwd=cwd or TMP,
                           timeout=timeout, stdin=subprocess.DEVNULL)
        return Run(name, args, r.returncode, r.stdout, r.stderr)
    except subprocess.TimeoutExpired as e:
        return Run(name, args, "timeout(%ss)" % timeout, e.stdout or b"", e.stderr or b"")


class Bg:
    """kwatch in the background, stdout and stderr to files."""

    def __init__(self, name, args, env=None, home=None, binary=None):
        self.name = name
        d = os.path.join(TMP, "bg-" + re.sub(r"[^a-z0-9]+", "-", name.lower()))
        os.makedirs(d, exist_ok=True)
        self.out_path, self.err_path = os.path.join(d, "out"), os.path.join(d, "err")
        self.outf, self.errf = open(self.out_path, "wb"), open(self.err_path, "wb")
        cmd = [binary or KWATCH] + list(args)
        log("%s: %s" % (name, " ".join(cmd)))
        self.proc = spawn(cmd, stdout=self.outf, stderr=self.errf, env=kenv(env, home), cwd=TMP)
        self.rc = None
        self.recorded = False

    def out(self):
        return open(self.out_path, "rb").read().decode(errors="replace")

    def err(self):
        return open(self.err_path, "rb").read().decode(errors="replace")

    def wait_for(self, pred, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if pred():
                return True
            if self.proc.poll() is not None:
                return pred()
            time.sleep(0.1)
        return False

    def has_line(self, line):
        return ("\n" + self.out()).find("\n" + line) >= 0

    def stop(self, timeout=15):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
                self.rc = "hung after SIGTERM"
        if self.rc is None:
            self.rc = self.proc.returncode
        for f in (self.outf, self.errf):
            try:
                f.close()
            except OSError:
                pass
        if not self.recorded:
            self.recorded = True
            Run(self.name, [], self.rc, self.out(), self.err())
        return self.rc

    def dump(self):
        out = self.out()
        i = out.rfind("# cache ")
        if i < 0 or (i > 0 and out[i - 1] != "\n"):
            return None
        return out[i:]

    def describe(self):
        tail = " | ".join(self.err().strip().splitlines()[-3:])
        return "exit %s, error ids %s, stderr tail: %s" % (self.rc, sorted(set(ERR_RE.findall(self.err()))), tail[-300:])


def diff_summary(got, want):
    g, w = set(got.splitlines()[1:]), set(want.splitlines()[1:])
    return "header %r vs %r; only in kwatch %s; only on server %s" % (
        got.splitlines()[:1], want.splitlines()[:1], sorted(g - w)[:3], sorted(w - g)[:3])


def tls_args(srv, ca=None, token=None):
    a = ["--server", srv.url]
    if ca:
        a += ["--certificate-authority", ca]
    if token:
        a += ["--token-file", token]
    return a


SYNC = ["pods", "--exit-after-sync", "--timeout", "20", "-o", "none"]
REFUSE = ["pods", "--exit-after-sync", "--timeout", "4", "-o", "none"]


def want_sync(g, name, r, count=None, allow_warn=()):
    n = r.synced()
    bad_warn = [w for w in r.warnings() if w not in allow_warn]
    if r.rc == 0 and n is not None and (count is None or n == count) and not r.errors() and not bad_warn:
        g.ok(name, "%d objects" % n)
        return True
    g.fail(name, "want exit 0 and '# synced %s objects' with no errors; got %s%s" % (
        count if count is not None else "N", r.describe(), " warnings %s" % bad_warn if bad_warn else ""))
    return False


def want_refusal(g, name, r, item, exact=True, alt=()):
    """exit 1, no sync, the error id item (or one of alt) on stderr; with exact,
    no other error id."""
    ids = r.errors()
    allowed = {item} | set(alt)
    got = set(ids) & allowed
    other = sorted(set(ids) - allowed) if exact else []
    if r.rc == 1 and r.synced() is None and got and not other:
        g.ok(name, "/".join(sorted(got)))
        return sorted(got)
    g.fail(name, "want exit 1, no sync, error id %s%s; got %s" % (
        "|".join(sorted(allowed)), " and no other" if exact else "", r.describe()))
    return None


def want_tls_refusal(g, name, item, run, srv, ca, extra=(), alt=()):
    """kwatch (run: its name) against the server srv, trusting the CA file ca,
    with the arguments extra, must be refused with the error id item (or one of alt)."""
    r = kw(run, tls_args(srv, ca) + list(extra) + REFUSE)
    return want_refusal(g, name, r, item, alt=alt)


# ======================================================================
# kubeconfig helpers (written by the real kubectl)
# ======================================================================

def kubectl(cfg, *args):
    r = run(["kubectl", "config"] + list(args) + ["--kubeconfig=" + cfg], timeout=30, cwd=os.path.dirname(cfg),
            env=kenv())
    if r.returncode != 0:
        raise RuntimeError("kubectl config %s: %s" % (args[0], r.stderr.decode(errors="replace")[-300:]))


def kubeconfig(path, cluster_args, user_args, ns=None, name="main", extra=None):
    """A kubeconfig with one cluster/user/context named name, current."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    kubectl(path, "set-cluster", name, *cluster_args)
    kubectl(path, "set-credentials", name, *user_args)
    ctx = ["set-context", name, "--cluster=" + name, "--user=" + name]
    if ns:
        ctx.append("--namespace=" + ns)
    kubectl(path, *ctx)
    for e in extra or []:
        kubectl(path, *e)
    kubectl(path, "use-context", name)
    return path


def edit(src, dst, fn):
    text = open(src).read()
    new = fn(text)
    if new == text:
        raise RuntimeError("edit of %s changed nothing" % os.path.basename(src))
    with open(dst, "w") as f:
        f.write(new)
    return dst


# ======================================================================
# Checks
# ======================================================================

def t_basics(g):
    """1. TLS basics: RSA and EC, IP and DNS names, SNI, a CA bundle, IPv6."""
    c, rsa, ec = PKI.certs, SERVERS["rsa"], SERVERS["ec"]
    n = rsa.count()
    want_sync(g, "1 RSA: https://127.0.0.1 with the RSA CA syncs",
              kw("rsa-ip", tls_args(rsa, c["rsa-ca"].crt) + SYNC), n)
    want_sync(g, "1 RSA: https://localhost (DNS name + SNI) syncs",
              kw("rsa-dns", ["--server", "https://localhost:%d" % rsa.port, "--certificate-authority", c["rsa-ca"].crt] + SYNC), n)
    want_sync(g, "1 RSA: CA bundle, an unrelated CA first, syncs",
              kw("rsa-bundle", tls_args(rsa, PKI.p("bundle.pem")) + SYNC), n)
    want_sync(g, "1 EC P-256: https://127.0.0.1 with the EC CA syncs",
              kw("ec-ip", tls_args(ec, c["ec-ca"].crt) + SYNC), ec.count())
    want_sync(g, "1 EC P-256: https://localhost (DNS name + SNI) syncs",
              kw("ec-dns", ["--server", "https://localhost:%d" % ec.port, "--certificate-authority", c["ec-ca"].crt] + SYNC), ec.count())
    want_sync(g, "1 EC P-256: CA bundle, an unrelated CA first, syncs",
              kw("ec-bundle", tls_args(ec, PKI.p("bundle.pem")) + SYNC), ec.count())
    want_sync(g, "1 --tls-server-name localhost on https://127.0.0.1 syncs",
              kw("rsa-sni", tls_args(rsa, c["rsa-ca"].crt) + ["--tls-server-name", "localhost"] + SYNC), n)


def t_tls_more(g):
    """1. More server certificates and CA files."""
    c, rsa = PKI.certs, SERVERS["rsa"]
    want_sync(g, "1 server sends leaf + intermediate, only the root CA trusted: syncs",
              kw("chain", tls_args(SERVERS["chain"], c["rsa-ca"].crt) + SYNC), SERVERS["chain"].count())
    r = kw("chain-int-only", tls_args(SERVERS["chain"], c["int-ca"].crt) + SYNC)
    want_sync(g, "1 server sends leaf + intermediate, only the intermediate trusted: syncs", r, SERVERS["chain"].count())
    want_sync(g, "1 EC P-384 CA and server: syncs",
              kw("p384", tls_args(SERVERS["p384"], c["p384-ca"].crt) + SYNC), SERVERS["p384"].count())
    want_sync(g, "1 self-signed non-CA server certificate given as the CA (direct trust): syncs",
              kw("selfsigned", tls_args(SERVERS["selfsigned"], c["selfsigned-srv"].crt) + SYNC),
              SERVERS["selfsigned"].count())
    want_sync(g, "1 CA file with CRLF line endings: syncs",
              kw("ca-crlf", tls_args(rsa, PKI.p("rsa-ca-crlf.pem")) + SYNC), rsa.count())
    want_sync(g, "1 CA bundle of 16 certificates (KINF_TLS_MAX_CAS), the right one last: syncs",
              kw("bundle16", tls_args(rsa, PKI.p("bundle16.pem")) + SYNC), rsa.count())
    # the tools size the trust store to the bundle (kinf_ca_bundle_size): no cap of 16
    want_sync(g, "1 CA bundle of 17 certificates (over KINF_TLS_MAX_CAS: the store sized to it), the right one last: syncs",
              kw("bundle17", tls_args(rsa, PKI.p("bundle17.pem")) + SYNC), rsa.count())
    if not os.path.exists(PKI.p("system.pem")):
        log("1 the system's CA bundle: skipped (none on this machine)")
        return
    ncas = open(PKI.p("system.pem")).read().count("BEGIN CERTIFICATE")
    want_tls_refusal(g, "1 the system's whole CA bundle (%d CAs), the server's CA not in it -> TLS_UNTRUSTED, not TLS_TOO_LARGE" % ncas,
                     "TLS_UNTRUSTED", "system-bundle", rsa, PKI.p("system.pem"))
    want_sync(g, "1 the system's bundle with the server's CA last (%d CAs): syncs" % (ncas + 1),
              kw("system-plus", tls_args(rsa, PKI.p("system-plus.pem")) + SYNC), rsa.count())
    kc = kubeconfig(os.path.join(kc_dir("sysb"), "config"),
                    ["--server=" + rsa.url, "--certificate-authority=" + PKI.p("system-plus.pem"), "--embed-certs=true"],
                    ["--token=unused"])
    want_sync(g, "1 a kubeconfig whose certificate-authority-data is the system's bundle and the server's CA: syncs",
              kw("system-plus-kc", ["--kubeconfig", kc] + SYNC), rsa.count())


def t_ipv6(g):
    six = SERVERS.get("tok6")
    if six is None:
        g.ok("1 IPv6: https://[::1] # SKIP cannot bind ::1 here")
        return
    want_sync(g, "1 IPv6: https://[::1]:P syncs (IP SAN ::1)",
              kw("ipv6", tls_args(six, PKI.certs["rsa-ca"].crt, SA_TOKEN_FILE) + SYNC), six.count())
    r = kw("ipv6-wrong-ca", tls_args(six, PKI.certs["other-ca"].crt, SA_TOKEN_FILE) + REFUSE)
    want_refusal(g, "1 IPv6: https://[::1]:P with the wrong CA -> TLS_UNTRUSTED", r, "TLS_UNTRUSTED")


def t_refuse_untrusted(g):
    want_tls_refusal(g, "2 wrong CA -> TLS_UNTRUSTED", "TLS_UNTRUSTED",
                     "wrong-ca", SERVERS["rsa"], PKI.certs["other-ca"].crt)
    want_tls_refusal(g, "2 EC server, RSA CA only -> TLS_UNTRUSTED", "TLS_UNTRUSTED",
                     "wrong-ca-ec", SERVERS["ec"], PKI.certs["rsa-ca"].crt)


def t_refuse_name(g):
    want_tls_refusal(g, "2 --tls-server-name wrong.example -> TLS_BAD_NAME", "TLS_BAD_NAME",
                     "bad-name", SERVERS["rsa"], PKI.certs["rsa-ca"].crt, ["--tls-server-name", "wrong.example"])
    want_tls_refusal(g, "2 https://127.0.0.1, cert without the IP (DNS:localhost only) -> TLS_BAD_NAME", "TLS_BAD_NAME",
                     "no-ip-san", SERVERS["dns"], PKI.certs["rsa-ca"].crt)
    r = kw("ip-as-name", ["--server", "https://localhost:%d" % SERVERS["dns"].port, "--certificate-authority",
                          PKI.certs["rsa-ca"].crt, "--tls-server-name", "127.0.0.1"] + REFUSE)
    want_refusal(g, "2 --tls-server-name 127.0.0.1, cert without the IP -> TLS_BAD_NAME", r, "TLS_BAD_NAME")


def t_refuse_expired(g):
    want_tls_refusal(g, "2 expired server certificate (2020-2021) -> TLS_EXPIRED", "TLS_EXPIRED",
                     "expired", SERVERS["expired"], PKI.certs["rsa-ca"].crt)
    want_tls_refusal(g, "2 not-yet-valid server certificate (2090-2095) -> TLS_EXPIRED", "TLS_EXPIRED",
                     "future", SERVERS["future"], PKI.certs["rsa-ca"].crt)


def t_tls_time(g):
    """2. The time certificates are checked against: --tls-time (desc.tls_time),
    a 64-bit count of seconds whatever time_t is. The boundaries are exact to
    the second: 2^31 (2038-01-19T03:14:08Z) and 2^32 (2106-02-07T06:28:16Z)."""
    srv, ca = SERVERS["time"], PKI.certs["rsa-ca"].crt
    n = srv.count()
    for t, ok in ((2 ** 31 - 1, False), (2 ** 31, True), (2 ** 32, True), (2 ** 32 + 1, False)):
        if ok:
            want_sync(g, "2 --tls-time %d, certificate valid 2^31..2^32 s: syncs" % t,
                      kw("time-%d" % t, tls_args(srv, ca) + ["--tls-time", str(t)] + SYNC), n)
        else:
            want_tls_refusal(g, "2 --tls-time %d, certificate valid 2^31..2^32 s -> TLS_EXPIRED" % t, "TLS_EXPIRED",
                             "time-%d" % t, srv, ca, ["--tls-time", str(t)])
    want_sync(g, "2 --tls-time 2092-06-01 against the certificate valid 2090-2095: syncs",
              kw("time-future", tls_args(SERVERS["future"], ca) + ["--tls-time", "3863116800"] + SYNC),
              SERVERS["future"].count())
    want_sync(g, "2 --tls-time 2020-06-01 against the certificate valid 2020-2021: syncs",
              kw("time-past", tls_args(SERVERS["expired"], ca) + ["--tls-time", "1590969600"] + SYNC),
              SERVERS["expired"].count())
    want_tls_refusal(g, "2 --tls-time 0 (no time known) -> TLS_NO_CLOCK", "TLS_NO_CLOCK",
                     "time-none", SERVERS["rsa"], ca, ["--tls-time", "0"])
    r = kw("time-none-insecure", ["--server", SERVERS["rsa"].url, "--insecure-skip-tls-verify", "--tls-time", "0"] + SYNC)
    want_sync(g, "2 --tls-time 0 with --insecure-skip-tls-verify (no dates checked) syncs", r,
              SERVERS["rsa"].count(), allow_warn=("TLS_INSECURE",))


def t_refuse_misc(g):
    plain = SERVERS["plain"]
    r = kw("plaintext", ["--server", "https://127.0.0.1:%d" % plain.port, "--certificate-authority",
                         PKI.certs["rsa-ca"].crt] + REFUSE)
    want_refusal(g, "2 plain-HTTP fakeapi (Python http.server, answers a bare HTML error page) on an https:// URL "
                 "-> TLS_PLAINTEXT_SERVER", r, "TLS_PLAINTEXT_SERVER")
    r = kw("no-ca", ["--server", SERVERS["rsa"].url] + REFUSE)
    want_refusal(g, "2 https:// without a CA or --insecure-skip-tls-verify -> TLS_NO_CA", r, "TLS_NO_CA")
    r = kw("notls", tls_args(SERVERS["rsa"], PKI.certs["rsa-ca"].crt) + REFUSE, binary=KWATCH_NOTLS)
    want_refusal(g, "2 kwatch-notls with https:// -> TLS_UNAVAILABLE", r, "TLS_UNAVAILABLE")
    want_sync(g, "2 kwatch-notls with http:// still syncs",
              kw("notls-http", ["--server", plain.url] + SYNC, binary=KWATCH_NOTLS), plain.count())
    r = kw("insecure", ["--server", SERVERS["other"].url, "--insecure-skip-tls-verify"] + SYNC)
    if want_sync(g, "2 --insecure-skip-tls-verify against an untrusted cert syncs", r, SERVERS["other"].count(),
                 allow_warn=("TLS_INSECURE",)):
        g.check("TLS_INSECURE" in r.warnings(), "2 --insecure-skip-tls-verify warns TLS_INSECURE",
                "no 'kwatch: warning TLS_INSECURE' on stderr: " + r.describe())
    r = kw("insecure-expired", ["--server", SERVERS["expired"].url, "--insecure-skip-tls-verify"] + SYNC)
    want_sync(g, "2 --insecure-skip-tls-verify against an expired cert syncs", r, allow_warn=("TLS_INSECURE",))


class RawServer:
    """A TCP server that reads the ClientHello and then closes: with a FIN
    (mode "fin") or with a reset (mode "rst", SO_LINGER 0), as a server whose
    TLS stack gives up mid-handshake."""

    def __init__(self, mode):
        self.mode = mode
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.stop_ev = threading.Event()
        self.hellos = 0
        self.th = threading.Thread(target=self.loop, daemon=True)
        self.th.start()

    def loop(self):
        while not self.stop_ev.is_set():
            try:
                c, _ = self.sock.accept()
            except OSError:
                continue
            try:
                c.settimeout(5)
                buf = b""
                while len(buf) < 5 or len(buf) < 5 + struct.unpack(">H", buf[3:5])[0]:
                    d = c.recv(4096)
                    if not d:
                        break
                    buf += d
                if buf[:1] == b"\x16":
                    self.hellos += 1
                if self.mode == "rst":
                    c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            except OSError:
                pass
            finally:
                c.close()

    def close(self):
        self.stop_ev.set()
        self.th.join(timeout=5)
        self.sock.close()


def t_midhandshake(g):
    fin, rst = RawServer("fin"), RawServer("rst")
    try:
        r = kw("hs-fin", ["--server", "https://127.0.0.1:%d" % fin.port, "--certificate-authority", c_ca()] + REFUSE)
        want_refusal(g, "2 server closes (FIN) right after the ClientHello -> TLS_HANDSHAKE_FAILED", r,
                     "TLS_HANDSHAKE_FAILED")
        r = kw("hs-rst", ["--server", "https://127.0.0.1:%d" % rst.port, "--certificate-authority", c_ca()] + REFUSE)
        want_refusal(g, "2 server resets (RST) right after the ClientHello -> TLS_HANDSHAKE_FAILED", r,
                     "TLS_HANDSHAKE_FAILED")
        g.check(fin.hellos > 0 and rst.hellos > 0, "2 the mid-handshake servers saw ClientHellos",
                "fin %d, rst %d" % (fin.hellos, rst.hellos))
    finally:
        fin.close()
        rst.close()


def t_mtls(g):
    """3. Client certificates in every key format."""
    c, m = PKI.certs, SERVERS["mtls"]
    base = tls_args(m, c["rsa-ca"].crt)
    for name, label in (("cli-rsa-pkcs1", "RSA PKCS#1 (BEGIN RSA PRIVATE KEY)"),
                        ("cli-rsa-pkcs8", "RSA PKCS#8 (BEGIN PRIVATE KEY)"),
                        ("cli-ec-sec1", "EC SEC1 after EC PARAMETERS (BEGIN EC PRIVATE KEY)"),
                        ("cli-ec-pkcs8", "EC PKCS#8 (BEGIN PRIVATE KEY)")):
        r = kw("mtls-" + name, base + ["--client-certificate", c[name].crt, "--client-key", c[name].key] + SYNC)
        want_sync(g, "3 mutual TLS, client key %s syncs" % label, r, 40)
    # cert and key concatenated in one file, given as both
    both = PKI.p("cli-both.pem")
    with open(both, "w") as f:
        f.write(open(c["cli-ec-sec1"].crt).read() + open(c["cli-ec-sec1"].key).read())
    r = kw("mtls-onefile", base + ["--client-certificate", both, "--client-key", both] + SYNC)
    want_sync(g, "3 mutual TLS, certificate and SEC1 key in one PEM file syncs", r, 40)
    r = kw("mtls-crlf", base + ["--client-certificate", PKI.p("cli-crlf.pem"), "--client-key", PKI.p("cli-crlf.key")] + SYNC)
    want_sync(g, "3 mutual TLS, certificate and key with CRLF line endings syncs", r, 40)


def t_mtls_refused(g):
    c, m = PKI.certs, SERVERS["mtls"]
    base = tls_args(m, c["rsa-ca"].crt)
    r = kw("mtls-other", base + ["--client-certificate", c["cli-other"].crt, "--client-key", c["cli-other"].key] + REFUSE)
    want_refusal(g, "3 client cert signed by another CA -> TLS_CLIENT_CERT_REJECTED", r, "TLS_CLIENT_CERT_REJECTED")
    r = kw("mtls-none", base + REFUSE)
    got = want_refusal(g, "3 no client cert -> TLS_CLIENT_CERT_REJECTED or TLS_HANDSHAKE_FAILED", r,
                       "TLS_CLIENT_CERT_REJECTED", alt=("TLS_HANDSHAKE_FAILED",))
    log("no client cert gives %s" % got)
    r = kw("mtls-garbage-key", base + ["--client-certificate", c["cli-rsa-pkcs8"].crt,
                                       "--client-key", PKI.p("garbage.key")] + REFUSE)
    want_refusal(g, "3 garbage PEM key file -> TLS_BAD_CLIENT_KEY", r, "TLS_BAD_CLIENT_KEY")
    r = kw("mtls-garbage-key2", base + ["--client-certificate", c["cli-rsa-pkcs8"].crt,
                                        "--client-key", PKI.p("garbage-text.key")] + REFUSE)
    want_refusal(g, "3 key file of plain text -> TLS_BAD_CLIENT_KEY", r, "TLS_BAD_CLIENT_KEY")
    r = kw("mtls-key-is-cert", base + ["--client-certificate", c["cli-rsa-pkcs8"].crt,
                                       "--client-key", c["cli-rsa-pkcs8"].crt] + REFUSE)
    want_refusal(g, "3 key file holding only a certificate -> TLS_BAD_CLIENT_KEY", r, "TLS_BAD_CLIENT_KEY")
    r = kw("mtls-no-key", base + ["--client-certificate", c["cli-rsa-pkcs8"].crt] + REFUSE)
    want_refusal(g, "3 client certificate without a key -> TLS_BAD_CLIENT_KEY", r, "TLS_BAD_CLIENT_KEY")
    r = kw("mtls-no-cert", base + ["--client-key", c["cli-rsa-pkcs8"].key] + REFUSE)
    want_refusal(g, "3 client key without a certificate -> TLS_BAD_CLIENT_CERT", r, "TLS_BAD_CLIENT_CERT")
    r = kw("mtls-mismatch", base + ["--client-certificate", c["cli-rsa-pkcs8"].crt,
                                    "--client-key", c["cli-rsa-pkcs1"].key] + REFUSE)
    want_refusal(g, "3 client certificate and a key that is not its own -> refused", r,
                 "TLS_CLIENT_CERT_REJECTED", alt=("TLS_HANDSHAKE_FAILED", "TLS_BAD_CLIENT_KEY"))
    want_tls_refusal(g, "3 garbage CA file -> TLS_BAD_CA", "TLS_BAD_CA", "garbage-ca", m, PKI.p("garbage.pem"))
    want_tls_refusal(g, "3 CA file with a PEM CERTIFICATE of garbage -> TLS_BAD_CA", "TLS_BAD_CA",
                     "garbage-ca2", m, PKI.p("garbage-armored.pem"))
    want_tls_refusal(g, "3 nonexistent CA file -> TLS_BAD_CA", "TLS_BAD_CA",
                     "missing-ca", m, PKI.p("does-not-exist.pem"), alt=("CONFIG_FILE_UNREADABLE",))


def t_token_rotation(g):
    """4. The token file rotates during a watch; kwatch re-reads it after a 401."""
    srv = SERVERS["rotate"]
    tok_a, tok_b = ROTATE_TOKENS
    base = srv.stats().get("watch", 0)
    kwb = Bg("rotate", tls_args(srv, PKI.certs["rsa-ca"].crt, ROTATE_FILE) +
             ["pods", "-o", "name", "--dump-on-exit", "-v", "--timeout", "90"])
    try:
        if not kwb.wait_for(lambda: srv.stats().get("watch", 0) > base, 20):
            g.fail("4 token rotation: kwatch watches", "no watch opened: " + kwb.describe())
            return
        srv.churn(15)
        time.sleep(1.0)
        tmp = ROTATE_FILE + ".new"
        with open(tmp, "w") as f:
            f.write(tok_b + "\n")
        os.replace(tmp, ROTATE_FILE)               # the server now refuses tok_a
        w0 = srv.stats().get("watch", 0)
        srv.ctl("POST", "/_fake/fault?kind=cut")
        saw401 = kwb.wait_for(lambda: "UNAUTHORIZED" in ERR_RE.findall(kwb.err()), 20)
        g.check(saw401, "4 after rotation + cut: kwatch gets 401 (UNAUTHORIZED)",
                "no 'kwatch: error UNAUTHORIZED' within 20 s: " + kwb.describe())
        # carries on: a new watch is open after the 401
        rewatch = kwb.wait_for(lambda: srv.stats().get("watch", 0) > w0 + 1, 30)
        # a 300 KB object: many TLS records for one watch event
        code, body = srv.ctl("POST", "/_fake/fault?kind=oversized&size=300000")
        g.check(code == 200, "4 after rotation: an oversized (300 KB) pod is applied", "HTTP %d %s" % (code, body[:200]))
        time.sleep(1.0)
        srv.churn(0)
        srv.settle()
        key = srv.sentinel("zz-sentinel-rotate")
        seen = kwb.wait_for(lambda: kwb.has_line("ADDED %s " % key), 40)
        g.check(seen, "4 after rotation: kwatch re-reads the token file and carries on (sentinel ADDED)",
                "never printed ADDED %s (re-watch seen: %s): %s" % (key, rewatch, kwb.describe()))
        rc = kwb.stop()
        if seen:
            want = srv.state()
            got = kwb.dump()
            g.check(got == want, "4 after rotation: dump equals /_fake/state",
                    "no dump" if got is None else diff_summary(got, want))
        g.check(rc == 0, "4 after rotation: kwatch exits 0 on SIGTERM", kwb.describe())
        text = kwb.out() + kwb.err()
        g.check(tok_a not in text and tok_b not in text, "4 the rotated tokens never appear in kwatch's output",
                "a token was printed")
    finally:
        kwb.stop()


def t_token_misc(g):
    srv = SERVERS["tok"]
    bad = new_token("wrong")
    r = kw("wrong-token", ["--server", srv.url, "--certificate-authority", PKI.certs["rsa-ca"].crt,
                           "--token", bad, "-v"] + REFUSE)
    want_refusal(g, "4 wrong --token -> UNAUTHORIZED", r, "UNAUTHORIZED")
    g.check(bad not in r.out + r.err, "4 a refused --token never appears in kwatch's output (-v)", "printed")
    r = kw("token-flag", ["--server", srv.url, "--certificate-authority", PKI.certs["rsa-ca"].crt,
                          "--token", SA_TOKEN, "-v", "--stats"] + SYNC)
    want_sync(g, "4 --token on the command line syncs", r, srv.count())
    r = kw("token-file-missing", ["--server", srv.url, "--certificate-authority", PKI.certs["rsa-ca"].crt,
                                  "--token-file", os.path.join(TMP, "no-such-token")] + REFUSE)
    want_refusal(g, "4 unreadable --token-file: warned TOKEN_FILE_UNREADABLE, then UNAUTHORIZED", r, "UNAUTHORIZED")
    if "TOKEN_FILE_UNREADABLE" not in r.warnings() + r.errors():
        g.fail("4 unreadable --token-file warns TOKEN_FILE_UNREADABLE", r.describe())


def kc_dir(name):
    d = os.path.join(TMP, "kc-" + name)
    os.makedirs(d, exist_ok=True)
    return d


def t_kubeconfig(g):
    """5. kubeconfigs written by kubectl."""
    c, tok, m = PKI.certs, SERVERS["tok"], SERVERS["mtls"]
    # the context's namespace is not applied by kwatch (docs/kubeconfig.md): all pods
    ns1 = tok.count()
    # (a) embedded CA + token
    a = kubeconfig(os.path.join(kc_dir("a"), "config"),
                   ["--server=" + tok.url, "--certificate-authority=" + c["rsa-ca"].crt, "--embed-certs=true"],
                   ["--token=" + SA_TOKEN], ns="ns-1")
    if "certificate-authority-data:" not in open(a).read():
        g.fail("5a kubectl wrote certificate-authority-data", open(a).read()[:300])
    want_sync(g, "5a kubeconfig: embedded CA + token",
              kw("kc-a", ["--kubeconfig", a, "-v"] + SYNC), ns1)
    # (b) CA path relative to the kubeconfig's directory + client cert/key files
    bd = kc_dir("b")
    os.makedirs(os.path.join(bd, "certs"))
    for src, dst in ((c["rsa-ca"].crt, "ca.pem"), (c["cli-rsa-pkcs1"].crt, "client.pem"), (c["cli-rsa-pkcs1"].key, "client.key")):
        shutil.copy(src, os.path.join(bd, "certs", dst))
    b = kubeconfig(os.path.join(bd, "config"), ["--server=" + m.url, "--certificate-authority=certs/ca.pem"],
                   ["--client-certificate=certs/client.pem", "--client-key=certs/client.key"])
    text = open(b).read()
    if "certificate-authority: certs/ca.pem" not in text:
        # kubectl may have written absolute paths; make them relative
        b = edit(b, b, lambda t: t.replace(bd + "/", ""))
    g.check("certificate-authority: certs/ca.pem" in open(b).read() and "client-key: certs/client.key" in open(b).read(),
            "5b kubeconfig holds relative paths", open(b).read()[:400])
    want_sync(g, "5b kubeconfig: relative CA path + client cert/key files (run from another directory)",
              kw("kc-b", ["--kubeconfig", b] + SYNC, cwd=EMPTY_HOME), 40)
    # (c) embedded client cert/key (EC SEC1)
    cc = kubeconfig(os.path.join(kc_dir("c"), "config"),
                    ["--server=" + m.url, "--certificate-authority=" + c["rsa-ca"].crt, "--embed-certs=true"],
                    ["--client-certificate=" + c["cli-ec-sec1"].crt, "--client-key=" + c["cli-ec-sec1"].key,
                     "--embed-certs=true"])
    if "client-key-data:" not in open(cc).read():
        g.fail("5c kubectl wrote client-key-data", open(cc).read()[:300])
    want_sync(g, "5c kubeconfig: embedded client cert/key (mutual TLS)", kw("kc-c", ["--kubeconfig", cc] + SYNC), 40)
    # (d) insecure-skip-tls-verify: true
    d = kubeconfig(os.path.join(kc_dir("d"), "config"), ["--server=" + tok.url, "--insecure-skip-tls-verify=true"],
                   ["--token=" + SA_TOKEN])
    r = kw("kc-d", ["--kubeconfig", d] + SYNC)
    if want_sync(g, "5d kubeconfig: insecure-skip-tls-verify: true syncs", r, tok.count(), allow_warn=("TLS_INSECURE",)):
        g.check("TLS_INSECURE" in r.warnings(), "5d kubeconfig insecure-skip-tls-verify warns TLS_INSECURE", r.describe())
    # (e) --context other; the current context points at a closed port
    e = kubeconfig(os.path.join(kc_dir("e"), "config"),
                   ["--server=https://127.0.0.1:%d" % free_port(), "--certificate-authority=" + c["rsa-ca"].crt],
                   ["--token=" + SA_TOKEN],
                   extra=[["set-cluster", "other", "--server=" + tok.url, "--certificate-authority=" + c["rsa-ca"].crt,
                           "--embed-certs=true"],
                          ["set-credentials", "other", "--token=" + SA_TOKEN],
                          ["set-context", "other", "--cluster=other", "--user=other", "--namespace=ns-2"]])
    want_sync(g, "5e kubeconfig: --context other selects the second context",
              kw("kc-e", ["--kubeconfig", e, "--context", "other"] + SYNC), tok.count())
    r = kw("kc-e-current", ["--kubeconfig", e] + REFUSE)
    want_refusal(g, "5e same kubeconfig without --context uses current-context (a closed port) -> CONNECT_FAILED",
                 r, "CONNECT_FAILED")
    # (f) $KUBECONFIG, alone and as a list
    env = {"KUBECONFIG": a}
    want_sync(g, "5f $KUBECONFIG=F (no flags, KUBERNETES_SERVICE_HOST unset)", kw("kc-f", SYNC, env=env), ns1)
    env = {"KUBECONFIG": a + ":" + e}
    want_sync(g, "5f $KUBECONFIG=F:G uses F", kw("kc-f-list", SYNC, env=env), ns1)
    env = {"KUBECONFIG": a + ":" + os.path.join(TMP, "no-such-kubeconfig")}
    want_sync(g, "5f $KUBECONFIG=F:missing uses F", kw("kc-f-list2", SYNC, env=env), ns1)
    # (g) tls-server-name localhost, server by IP, certificate for DNS:localhost only
    dns = SERVERS["dns"]
    gg = kubeconfig(os.path.join(kc_dir("g"), "config"),
                    ["--server=" + dns.url, "--certificate-authority=" + c["rsa-ca"].crt, "--embed-certs=true",
                     "--tls-server-name=localhost"], ["--token=" + SA_TOKEN])
    if "tls-server-name: localhost" not in open(gg).read():
        g.fail("5g kubectl wrote tls-server-name", open(gg).read()[:300])
    want_sync(g, "5g kubeconfig: tls-server-name localhost, https://127.0.0.1, cert for DNS:localhost only",
              kw("kc-g", ["--kubeconfig", gg] + SYNC), dns.count())
    # hand-edited forms of (a) that the YAML subset claims to read (docs/kubeconfig.md)
    hd = kc_dir("h")

    def variant(label, fname, fn):
        path = edit(a, os.path.join(hd, fname), fn)
        want_sync(g, "5h kubeconfig: " + label, kw("kc-h-" + fname, ["--kubeconfig", path] + SYNC), ns1)
    variant("certificate-authority-data as a \"double-quoted\" scalar", "dq",
            lambda t: re.sub(r"certificate-authority-data: (\S+)", r'certificate-authority-data: "\1"', t))
    variant("certificate-authority-data as a 'single-quoted' scalar", "sq",
            lambda t: re.sub(r"certificate-authority-data: (\S+)", r"certificate-authority-data: '\1'", t))
    variant("CRLF line endings", "crlf", lambda t: t.replace("\n", "\r\n"))
    variant("comments, '---', indented sequences, quoted names", "styled",
            lambda t: "# written by hand\n---\n" + re.sub(r"(?m)^(- |  )", r"  \1", t)
            .replace("name: main", 'name: "main"  # the one').replace("current-context: main", "current-context: 'main'"))
    tf = os.path.join(hd, "tokfile")
    shutil.copy(SA_TOKEN_FILE, tf)
    tfk = os.path.join(hd, "tokenfile-config")
    kubeconfig(tfk, ["--server=" + tok.url, "--certificate-authority=" + c["rsa-ca"].crt, "--embed-certs=true"],
               [], extra=[["set", "users.main.tokenFile", "tokfile"]])
    g.check("tokenFile: tokfile" in open(tfk).read(), "5h kubectl wrote a relative tokenFile", open(tfk).read()[:400])
    want_sync(g, "5h kubeconfig: users.user.tokenFile relative to the kubeconfig's directory",
              kw("kc-h-tokenfile", ["--kubeconfig", tfk] + SYNC, cwd=EMPTY_HOME), ns1)
    # explicit flags override the kubeconfig
    want_sync(g, "5 explicit --server overrides the kubeconfig's server",
              kw("kc-override", ["--kubeconfig", e, "--server", tok.url] + SYNC), tok.count())


def t_kubeconfig_broken(g):
    """6. Broken kubeconfigs: an error id, exit 1, no crash, no fallback."""
    c, tok, decoy = PKI.certs, SERVERS["tok"], SERVERS["decoy"]
    # a valid kubeconfig for the decoy in HOME and in $KUBECONFIG: must never be used
    home = os.path.join(TMP, "home-decoy")
    dk = kubeconfig(os.path.join(home, ".kube", "config"), ["--server=" + decoy.url], [])
    env = {"KUBECONFIG": dk, "KUBERNETES_SERVICE_HOST": "127.0.0.1", "KUBERNETES_SERVICE_PORT": str(decoy.port)}
    d = kc_dir("broken")
    good = kubeconfig(os.path.join(d, "good"),
                      ["--server=" + tok.url, "--certificate-authority=" + c["rsa-ca"].crt, "--embed-certs=true"],
                      ["--token=" + SA_TOKEN],
                      extra=[["set-context", "no-cluster", "--cluster=ghost-cluster", "--user=main"],
                             ["set-context", "no-user", "--cluster=main", "--user=ghost-user"],
                             ["set-credentials", "exec", "--exec-command=/bin/false",
                              "--exec-api-version=client.authentication.k8s.io/v1"],
                             ["set-context", "exec", "--cluster=main", "--user=exec"],
                             ["set-credentials", "authprov", "--auth-provider=oidc", "--auth-provider-arg=client-id=x"],
                             ["set-context", "authprov", "--cluster=main", "--user=authprov"],
                             ["set-credentials", "basic", "--username=admin", "--password=s3cret"],
                             ["set-context", "basic", "--cluster=main", "--user=basic"]])
    want_sync(g, "6 the unbroken kubeconfig syncs", kw("kc-good", ["--kubeconfig", good] + SYNC, env=env, home=home),
              tok.count())
    cases = []
    cases.append(("tab indentation -> KUBECONFIG_YAML", edit(good, os.path.join(d, "tabs"),
                  lambda t: t.replace("\n    server:", "\n\tserver:", 1)), [], "KUBECONFIG_YAML"))
    cases.append(("unterminated quote -> KUBECONFIG_YAML", edit(good, os.path.join(d, "quote"),
                  lambda t: t.replace("server: https", 'server: "https', 1)), [], "KUBECONFIG_YAML"))
    cases.append(("--context missing -> KUBECONFIG_NO_CONTEXT", good, ["--context", "ghost"], "KUBECONFIG_NO_CONTEXT"))
    cases.append(("no current-context -> KUBECONFIG_NO_CONTEXT", edit(good, os.path.join(d, "nocur"),
                  lambda t: re.sub(r"(?m)^current-context: .*$", 'current-context: ""', t)), [], "KUBECONFIG_NO_CONTEXT"))
    cases.append(("current-context names a missing context -> KUBECONFIG_NO_CONTEXT", edit(good, os.path.join(d, "curghost"),
                  lambda t: re.sub(r"(?m)^current-context: .*$", "current-context: ghost", t)), [], "KUBECONFIG_NO_CONTEXT"))
    cases.append(("context naming a missing cluster -> KUBECONFIG_NO_CLUSTER", good, ["--context", "no-cluster"],
                  "KUBECONFIG_NO_CLUSTER"))
    cases.append(("context naming a missing user -> KUBECONFIG_NO_USER", good, ["--context", "no-user"],
                  "KUBECONFIG_NO_USER"))
    cases.append(("invalid base64 in certificate-authority-data -> KUBECONFIG_BAD_BASE64", edit(good, os.path.join(d, "b64"),
                  lambda t: re.sub(r"certificate-authority-data: \S+", "certificate-authority-data: LS0t*not*base64!", t)),
                  [], "KUBECONFIG_BAD_BASE64"))
    # an exec plugin is run (docs/kubeconfig.md); /bin/false fails: EXEC_FAILED with its exit status, then the 401
    cases.append(("exec plugin /bin/false -> EXEC_FAILED (exit status 1), then UNAUTHORIZED", good, ["--context", "exec"], "EXEC_FAILED"))
    cases.append(("auth-provider -> KUBECONFIG_UNSUPPORTED", good, ["--context", "authprov"], "KUBECONFIG_UNSUPPORTED"))
    cases.append(("username/password -> KUBECONFIG_UNSUPPORTED", good, ["--context", "basic"], "KUBECONFIG_UNSUPPORTED"))
    cases.append(("nonexistent --kubeconfig -> CONFIG_FILE_UNREADABLE", os.path.join(d, "no-such-file"), [],
                  "CONFIG_FILE_UNREADABLE"))
    cases.append(("a 2 MiB kubeconfig (comments) -> CONFIG_FILE_TOO_LARGE", edit(good, os.path.join(d, "huge"),
                  lambda t: ("# " + "x" * 1000 + "\n") * 2100 + t), [], "CONFIG_FILE_TOO_LARGE"))
    cases.append(("cluster without a server -> KUBECONFIG_NO_CLUSTER", edit(good, os.path.join(d, "noserver"),
                  lambda t: re.sub(r"(?m)^    server: .*\n", "", t)), [], "KUBECONFIG_NO_CLUSTER"))
    with concurrent.futures.ThreadPoolExecutor(6) as ex:
        futs = [(label, ex.submit(kw, "kc-broken-" + label.split()[0], ["--kubeconfig", path] + extra + REFUSE,
                                  env=env, home=home), want, extra)
                for label, path, extra, want in cases]
        for label, f, want, extra in futs:
            r = f.result()
            if label.startswith("exec"):
                want_refusal(g, "6 " + label, r, want, alt=("UNAUTHORIZED",))
                g.check("EXEC_FAILED" in r.errors() and "/bin/false: exit status 1" in r.err, "6 exec plugin: EXEC_FAILED names the command and its exit status",
                        r.describe())
            else:
                want_refusal(g, "6 " + label, r, want)
            if "s3cret" in r.out + r.err:
                g.fail("6 the password never appears in kwatch's output", "printed")
    st = decoy.stats()
    g.check(st.get("list", 0) == 0 and st.get("watch", 0) == 0,
            "6 no fallback: the decoy in ~/.kube/config, $KUBECONFIG and KUBERNETES_SERVICE_* got no request",
            "decoy got list=%s watch=%s" % (st.get("list"), st.get("watch")))


def exec_cred(pair=None, key=None, token=None, exp=None):
    """an ExecCredential's JSON: pair's certificate (and key, or key's key), a token, an expirationTimestamp"""
    st = {}
    if pair:
        st["clientCertificateData"] = open(pair.crt).read()
        st["clientKeyData"] = open((key or pair).key).read()
    if token:
        st["token"] = token
    if exp:
        st["expirationTimestamp"] = exp
    return json.dumps({"kind": "ExecCredential", "apiVersion": "client.authentication.k8s.io/v1", "status": st})


def exec_plugin(name, outputs):
    """A plugin script: its n-th run prints outputs[n-1] (the last one after
    that), "@EXP@" replaced by the time 12 s from now; each run is a line in
    its runs file. Returns (kubeconfig user args, runs file)."""
    d = os.path.join(TMP, "exec-" + name)
    os.makedirs(d, exist_ok=True)
    for i, o in enumerate(outputs):
        with open(os.path.join(d, "out-%d.json" % (i + 1)), "w") as f:
            f.write(o + "\n")
    runs = os.path.join(d, "runs")
    script = os.path.join(d, "plugin.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\nd='%s'\nn=0\n[ -f \"$d/runs\" ] && n=$(wc -l < \"$d/runs\")\necho run >> \"$d/runs\"\n"
                "n=$((n + 1)); [ $n -gt %d ] && n=%d\n"
                "sed \"s/@EXP@/$(date -u -d '+12 seconds' +%%Y-%%m-%%dT%%H:%%M:%%SZ)/\" \"$d/out-$n.json\"\n"
                % (d, len(outputs), len(outputs)))
    os.chmod(script, 0o700)
    return ["--exec-command=" + script, "--exec-api-version=client.authentication.k8s.io/v1"], runs


def exec_runs(runs):
    try:
        return len(open(runs).read().splitlines())
    except OSError:
        return 0


def exec_kubeconfig(name, srv, user_args):
    return kubeconfig(os.path.join(kc_dir("exec-" + name), "config"),
                      ["--server=" + srv.url, "--certificate-authority=" + PKI.certs["rsa-ca"].crt, "--embed-certs=true"], user_args)


def t_exec_cert(g):
    """7. An exec credential plugin that gives a client certificate and key
    (docs/kubeconfig.md#exec-credential-plugins)."""
    c, m, mt = PKI.certs, SERVERS["mtls"], SERVERS["mtls-tok"]
    for pair, label in (("cli-ec-pkcs8", "EC PKCS#8"), ("cli-rsa-pkcs1", "RSA PKCS#1")):
        ua, runs = exec_plugin("sync-" + pair, [exec_cred(c[pair])])
        r = kw("exec-cert-" + pair, ["--kubeconfig", exec_kubeconfig("sync-" + pair, m, ua)] + SYNC)
        want_sync(g, "7 exec plugin's client certificate and key (%s), signed by the server's client CA: syncs" % label, r, 40)
        g.check(exec_runs(runs) == 1, "7 exec plugin (%s) ran once" % label, "runs: %d" % exec_runs(runs))
    # a token and a certificate: both are sent (the server wants both)
    ua, runs = exec_plugin("both", [exec_cred(c["cli-ec-sec1"], token=SA_TOKEN)])
    r = kw("exec-cert-both", ["--kubeconfig", exec_kubeconfig("both", mt, ua)] + SYNC)
    want_sync(g, "7 exec plugin's token and certificate together: both used (the server wants both)", r, mt.count())
    ua, runs = exec_plugin("cert-no-token", [exec_cred(c["cli-ec-sec1"])])
    r = kw("exec-cert-no-token", ["--kubeconfig", exec_kubeconfig("cert-no-token", mt, ua)] + REFUSE)
    want_refusal(g, "7 exec plugin's certificate without the token the server wants -> UNAUTHORIZED", r, "UNAUTHORIZED")
    ua, runs = exec_plugin("token-no-cert", [exec_cred(token=SA_TOKEN)])
    r = kw("exec-token-no-cert", ["--kubeconfig", exec_kubeconfig("token-no-cert", mt, ua)] + REFUSE)
    want_refusal(g, "7 exec plugin's token without the certificate the server wants -> refused in the handshake", r,
                 "TLS_CLIENT_CERT_REJECTED", alt=("TLS_HANDSHAKE_FAILED",))
    # a certificate the server rejects: the error, and the plugin runs again for another
    ua, runs = exec_plugin("other-ca", [exec_cred(c["cli-other"])])
    r = kw("exec-cert-other", ["--kubeconfig", exec_kubeconfig("other-ca", m, ua)] + REFUSE)
    want_refusal(g, "7 exec plugin's certificate signed by another CA -> TLS_CLIENT_CERT_REJECTED", r, "TLS_CLIENT_CERT_REJECTED")
    g.check(exec_runs(runs) >= 2, "7 a rejected certificate runs the plugin again", "runs: %d; %s" % (exec_runs(runs), r.describe()))
    # a key that is not the certificate's: EXEC_BAD_CERT, nothing taken
    ua, runs = exec_plugin("mismatch", [exec_cred(c["cli-rsa-pkcs8"], key=c["cli-rsa-pkcs1"])])
    r = kw("exec-cert-mismatch", ["--kubeconfig", exec_kubeconfig("mismatch", m, ua)] + REFUSE)
    want_refusal(g, "7 exec plugin's key that is not its certificate's -> EXEC_BAD_CERT", r, "EXEC_BAD_CERT", exact=False)
    g.check("is not the key" in r.err and "PRIVATE KEY" not in r.err, "7 EXEC_BAD_CERT says why, and prints no key", r.describe())
    # an expired certificate first: the server refuses it, the plugin runs again and its next one syncs
    ua, runs = exec_plugin("expired", [exec_cred(c["cli-expired"]), exec_cred(c["cli-ec-pkcs8"])])
    r = kw("exec-cert-expired", ["--kubeconfig", exec_kubeconfig("expired", m, ua)] + SYNC)
    g.check(r.rc == 0 and r.synced() == 40 and "TLS_CLIENT_CERT_REJECTED" in r.errors() and exec_runs(runs) == 2,
            "7 exec plugin's expired certificate: rejected, the plugin runs again, its new certificate syncs",
            "runs %d; %s" % (exec_runs(runs), r.describe()))


def t_exec_cert_rotation(g):
    """7. The plugin's certificate expires (expirationTimestamp 12 s on): it
    runs again during the watch; a new pair closes the connection and the
    watch goes on over a handshake with the new certificate."""
    c, srv = PKI.certs, SERVERS["exec-rotate"]
    ua, runs = exec_plugin("rotate", [exec_cred(c["cli-ec-pkcs8"], exp="@EXP@"), exec_cred(c["cli-rsa-pkcs1"], exp="@EXP@"),
                                      exec_cred(c["cli-ec-sec1"], exp="@EXP@")])
    base = srv.stats().get("watch", 0)
    kwb = Bg("exec-rotate", ["--kubeconfig", exec_kubeconfig("rotate", srv, ua), "pods", "-o", "name", "--dump-on-exit", "--timeout", "120"])
    try:
        if not kwb.wait_for(lambda: srv.stats().get("watch", 0) > base, 20):
            g.fail("7 exec certificate rotation: kwatch watches", "no watch opened: " + kwb.describe())
            return
        srv.churn(10)
        again = kwb.wait_for(lambda: exec_runs(runs) >= 3, 60)
        g.check(again, "7 exec certificate rotation: the plugin runs again before each expiry (3 runs)",
                "runs %d: %s" % (exec_runs(runs), kwb.describe()))
        rewatch = kwb.wait_for(lambda: srv.stats().get("watch", 0) >= base + 3, 30)
        g.check(rewatch, "7 exec certificate rotation: each new pair closes the connection, the watch is opened again",
                "watches %s since the start" % (srv.stats().get("watch", 0) - base))
        srv.churn(0)
        srv.settle()
        key = srv.sentinel("zz-sentinel-exec-rotate")
        seen = kwb.wait_for(lambda: kwb.has_line("ADDED %s " % key), 40)
        g.check(seen, "7 exec certificate rotation: the watch goes on (sentinel ADDED)", kwb.describe())
        rc = kwb.stop()
        if seen:
            want, got = srv.state(), kwb.dump()
            g.check(got == want, "7 exec certificate rotation: dump equals /_fake/state", "no dump" if got is None else diff_summary(got, want))
        g.check(rc == 0 and not ERR_RE.findall(kwb.err()), "7 exec certificate rotation: no error, exit 0 on SIGTERM", kwb.describe())
    finally:
        kwb.stop()


def write_sa(d, ns="ns-1"):
    os.makedirs(d, exist_ok=True)
    shutil.copy(SA_TOKEN_FILE, os.path.join(d, "token"))
    shutil.copy(PKI.certs["rsa-ca"].crt, os.path.join(d, "ca.crt"))
    with open(os.path.join(d, "namespace"), "w") as f:
        f.write(ns)


def t_incluster(g):
    """7. In-cluster service account."""
    tok = SERVERS["tok"]
    sa = os.path.join(TMP, "sa")
    write_sa(sa, "ns-1")
    ns1 = tok.count()      # the namespace file is not applied by kwatch (docs/in-cluster.md): all pods
    env = {"KUBERNETES_SERVICE_HOST": "127.0.0.1", "KUBERNETES_SERVICE_PORT": str(tok.port)}
    want_sync(g, "7 in-cluster: --service-account-dir DIR (the server checks the token)",
              kw("sa", ["--service-account-dir", sa] + SYNC, env=env), ns1)
    six = SERVERS.get("tok6")
    if six is None:
        g.ok("7 in-cluster: KUBERNETES_SERVICE_HOST=::1 # SKIP cannot bind ::1 here")
    else:
        env6 = {"KUBERNETES_SERVICE_HOST": "::1", "KUBERNETES_SERVICE_PORT": str(six.port)}
        r = kw("sa6", ["--service-account-dir", sa, "-v"] + SYNC, env=env6)
        want_sync(g, "7 in-cluster: KUBERNETES_SERVICE_HOST=::1 -> https://[::1]:P syncs", r,
                  six.count())
    r = kw("sa-noenv", ["--service-account-dir", sa] + REFUSE)
    want_refusal(g, "7 in-cluster without KUBERNETES_SERVICE_HOST/PORT -> INCLUSTER_NOT_FOUND", r, "INCLUSTER_NOT_FOUND")
    r = kw("sa-noport", ["--service-account-dir", sa] + REFUSE, env={"KUBERNETES_SERVICE_HOST": "127.0.0.1"})
    want_refusal(g, "7 in-cluster with KUBERNETES_SERVICE_HOST but no PORT -> INCLUSTER_NOT_FOUND", r, "INCLUSTER_NOT_FOUND")
    r = kw("sa-missing", ["--service-account-dir", os.path.join(TMP, "no-sa")] + REFUSE, env=env)
    want_refusal(g, "7 in-cluster with an empty service-account dir -> INCLUSTER_UNREADABLE", r, "INCLUSTER_UNREADABLE")
    r = kw("noflags", REFUSE)
    want_refusal(g, "7 no flags, HOME empty, no KUBECONFIG, no KUBERNETES_SERVICE_HOST -> KUBECONFIG_NOT_FOUND", r,
                 "KUBECONFIG_NOT_FOUND")
    # the default path, only if it can be made (and is removed) by this test
    if os.path.exists(SA_DEFAULT):
        g.ok("7 in-cluster default path %s # SKIP it exists already" % SA_DEFAULT)
        return
    created = []
    try:
        p = SA_DEFAULT
        missing = []
        while not os.path.exists(p):
            missing.append(p)
            p = os.path.dirname(p)
        for q in reversed(missing):
            os.mkdir(q)
            created.append(q)
        write_sa(SA_DEFAULT, "ns-1")
    except OSError as e:
        g.ok("7 in-cluster default path # SKIP cannot create %s: %s" % (SA_DEFAULT, e))
        for q in reversed(created):
            shutil.rmtree(q, ignore_errors=True)
        return
    try:
        want_sync(g, "7 in-cluster: no flags at all, default service-account path, HOME empty",
                  kw("sa-default", SYNC, env=env), ns1)
    finally:
        for q in reversed(created):
            shutil.rmtree(q, ignore_errors=True)
        if created and os.path.exists(created[0]):
            g.fail("7 in-cluster default path removed after the test", created[0])


# ---------------------------------------------------------------- nginx

class Nginx:
    def __init__(self, name, backend, cert, client_ca=None, plain=False):
        """nginx with TLS on self.port; with plain, also plain HTTP on self.plain_port."""
        self.dir = os.path.join(TMP, "nginx-" + name)
        os.makedirs(self.dir)
        self.proc = None
        last = ""
        for _ in range(5):
            self.port = free_port()
            self.plain_port = free_port() if plain else None
            conf = os.path.join(self.dir, "nginx.conf")
            with open(conf, "w") as f:
                f.write(self.config(backend, cert, client_ca))
            errlog = os.path.join(self.dir, "error.log")
            self.proc = spawn(["nginx", "-p", self.dir + "/", "-e", errlog, "-c", conf, "-g", "daemon off;"],
                              stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.dir, "stderr"), "wb"))
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and self.proc.poll() is None:
                try:
                    for p in (self.port, self.plain_port):
                        if p:
                            socket.create_connection(("127.0.0.1", p), timeout=0.5).close()
                    return
                except OSError:
                    time.sleep(0.05)
            last = self.tail()
            kill_proc(self.proc)
        raise RuntimeError("nginx did not start: " + last)

    def tail(self):
        out = ""
        for n in ("stderr", "error.log"):
            try:
                out += open(os.path.join(self.dir, n), "rb").read()[-400:].decode(errors="replace")
            except OSError:
                pass
        return out

    def config(self, backend, cert, client_ca):
        d = self.dir
        verify = plain = ""
        if self.plain_port:
            plain = """    server {
        listen 127.0.0.1:%d;
        location / {
            proxy_pass http://127.0.0.1:%d;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_buffering off;
        }
    }
""" % (self.plain_port, backend.port)
        if client_ca:
            verify = "        ssl_verify_client on;\n        ssl_client_certificate %s;\n" % client_ca
        return """worker_processes 1;
pid %(d)s/nginx.pid;
error_log %(d)s/error.log info;
events { worker_connections 256; }
http {
    log_format sni '$ssl_server_name $ssl_protocol $status $request_uri';
    access_log %(d)s/access.log sni;
    client_body_temp_path %(d)s/client_body;
    proxy_temp_path %(d)s/proxy;
    fastcgi_temp_path %(d)s/fastcgi;
    uwsgi_temp_path %(d)s/uwsgi;
    scgi_temp_path %(d)s/scgi;
    gzip off;
    server {
        listen 127.0.0.1:%(port)d ssl;
        ssl_certificate %(crt)s;
        ssl_certificate_key %(key)s;
%(verify)s        location / {
            proxy_pass http://127.0.0.1:%(bport)d;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_buffering off;
            proxy_read_timeout 3600s;
        }
    }
%(plain)s}
""" % {"d": d, "port": self.port, "crt": cert.crt, "key": cert.key, "verify": verify, "bport": backend.port,
       "plain": plain}

    def access_log(self):
        try:
            return open(os.path.join(self.dir, "access.log")).read()
        except OSError:
            return ""

    def close(self):
        if self.proc is not None:
            kill_proc(self.proc, signal.SIGTERM)   # fast shutdown: the master stops its workers


def t_nginx(g):
    """8. nginx terminating TLS in front of the plain-HTTP fake server."""
    if shutil.which("nginx") is None:
        g.fail("8 nginx", "nginx is not installed (make deps)")
        return
    c, be = PKI.certs, SERVERS["backend"]
    ng = Nginx("tls", be, c["rsa-srv"], plain=True)
    kwb = None
    try:
        url = "https://127.0.0.1:%d" % ng.port
        r = kw("nginx-plaintext", ["--server", "https://127.0.0.1:%d" % ng.plain_port, "--certificate-authority",
                                   c["rsa-ca"].crt] + REFUSE)
        want_refusal(g, "2 plain-HTTP nginx (answers 'HTTP/1.1 400') on an https:// URL -> TLS_PLAINTEXT_SERVER",
                     r, "TLS_PLAINTEXT_SERVER")
        want_sync(g, "8 nginx plain HTTP: http:// through nginx syncs",
                  kw("nginx-http", ["--server", "http://127.0.0.1:%d" % ng.plain_port] + SYNC), be.count())
        want_sync(g, "8 nginx TLS: list through nginx syncs",
                  kw("nginx-sync", ["--server", url, "--certificate-authority", c["rsa-ca"].crt,
                                          "--watch-list", "off"] + SYNC), be.count())
        # the checks below find the LIST requests in nginx's log: --watch-list off
        r = kw("nginx-sni", ["--server", "https://localhost:%d" % ng.port, "--certificate-authority",
                             c["rsa-ca"].crt, "--list-limit", "7", "--watch-list", "off"] + SYNC)
        want_sync(g, "8 nginx TLS: https://localhost syncs (keep-alive, 7 per page)", r, be.count())
        sni = [ln.split()[0] for ln in ng.access_log().splitlines() if "limit=7&" in ln]
        g.check(sni and all(s == "localhost" for s in sni), "8 nginx TLS: SNI localhost was sent",
                "nginx saw $ssl_server_name %s" % sorted(set(sni)))
        r = kw("nginx-sni2", ["--server", url, "--tls-server-name", "localhost", "--certificate-authority",
                              c["rsa-ca"].crt, "--list-limit", "9", "--watch-list", "off"] + SYNC)
        want_sync(g, "8 nginx TLS: https://127.0.0.1 with --tls-server-name localhost syncs", r, be.count())
        sni = [ln.split()[0] for ln in ng.access_log().splitlines() if "limit=9&" in ln]
        g.check(sni and all(s == "localhost" for s in sni), "8 nginx TLS: --tls-server-name localhost is sent as SNI",
                "nginx saw $ssl_server_name %s" % sorted(set(sni)))
        ips = [ln.split()[0] for ln in ng.access_log().splitlines() if "limit=500&" in ln]
        g.check(ips and all(s == "-" for s in ips), "8 nginx TLS: no SNI sent for https://127.0.0.1 (RFC 6066)",
                "nginx saw $ssl_server_name %s" % sorted(set(ips)))
        be.churn(25)
        kwb = Bg("nginx-watch", ["--server", url, "--certificate-authority", c["rsa-ca"].crt, "pods", "-o", "name",
                                 "--dump-on-exit", "--timeout", "90", "--list-limit", "10"])
        ok = kwb.wait_for(lambda: kwb.out().count("ADDED ") >= 30, 20)
        if not g.check(ok, "8 nginx TLS: kwatch lists through nginx under churn (ADDED lines)", kwb.describe()):
            return
        time.sleep(5)                 # under churn; nothing is asserted about time
        be.churn(0)
        be.settle()
        key = be.sentinel("zz-sentinel-nginx")
        seen = kwb.wait_for(lambda: kwb.has_line("ADDED %s " % key), 40)
        g.check(seen, "8 nginx TLS: watch under churn, sentinel ADDED", kwb.describe())
        kwb.stop()
        if seen:
            want, got = be.state(), kwb.dump()
            g.check(got == want, "8 nginx TLS: dump equals /_fake/state",
                    "no dump" if got is None else diff_summary(got, want))
        g.check(kwb.rc == 0 and not ERR_RE.findall(kwb.err()), "8 nginx TLS: no errors, exit 0", kwb.describe())
    finally:
        if kwb is not None:
            kwb.stop()
        ng.close()


def t_nginx_mtls(g):
    if shutil.which("nginx") is None:
        g.fail("8 nginx mutual TLS", "nginx is not installed (make deps)")
        return
    c, be = PKI.certs, SERVERS["backend"]
    ng = Nginx("mtls", be, c["ec-srv"], client_ca=c["client-ca"].crt)
    try:
        url = "https://127.0.0.1:%d" % ng.port
        base = ["--server", url, "--certificate-authority", c["ec-ca"].crt]
        for name in ("cli-rsa-pkcs1", "cli-ec-sec1"):
            want_sync(g, "8 nginx ssl_verify_client: client cert %s syncs" % name,
                      kw("nginx-" + name, base + ["--client-certificate", c[name].crt, "--client-key", c[name].key] + SYNC),
                      be.count())
        r = kw("nginx-other", base + ["--client-certificate", c["cli-other"].crt, "--client-key",
                                      c["cli-other"].key] + REFUSE)
        want_refusal(g, "8 nginx ssl_verify_client: client cert of another CA -> TLS_CLIENT_CERT_REJECTED", r,
                     "TLS_CLIENT_CERT_REJECTED")
        r = kw("nginx-nocert", base + REFUSE)
        want_refusal(g, "8 nginx ssl_verify_client: no client cert -> TLS_CLIENT_CERT_REJECTED", r,
                     "TLS_CLIENT_CERT_REJECTED")
    finally:
        ng.close()


def t_memory(g):
    """9. TLS costs a constant 48..96 KiB of informer memory (the trust store
    sized to the one CA given: less than the default 16 anchors and 16 KiB)."""
    plain, rsa = SERVERS["plain"], SERVERS["rsa"]
    sets = [[], ["--max-objects", "500", "--store-bytes", "4000000", "--max-object-bytes", "200000"],
            ["--max-objects", "64", "--store-bytes", "65536", "--max-object-bytes", "65536", "--fifo", "32"]]
    diffs = []
    for caps in sets:
        r1 = kw("mem-http", ["--server", plain.url, "--stats"] + caps + SYNC)
        r2 = kw("mem-https", tls_args(rsa, c_ca()) + ["--stats"] + caps + SYNC)
        m1, m2 = r1.mem(), r2.mem()
        if m1 is None or m2 is None:
            g.fail("9 memory: --stats reports '# stats memory used=N'", "http: %s; https: %s" % (r1.describe(), r2.describe()))
            return
        diffs.append(m2 - m1)
        log("memory %s: http %d https %d" % (caps, m1, m2))
    d = diffs[0]
    g.check(all(x == d for x in diffs) and 48 * 1024 <= d <= 96 * 1024,
            "9 memory: https - http is constant and within 48..96 KiB",
            "differences %s" % diffs, note="%d bytes = %.1f KiB, for %d capacity sets" % (d, d / 1024, len(diffs)))
    # mutual TLS costs no more
    m = SERVERS["mtls"]
    r3 = kw("mem-mtls", tls_args(m, c_ca()) + ["--client-certificate", PKI.certs["cli-rsa-pkcs8"].crt,
                                               "--client-key", PKI.certs["cli-rsa-pkcs8"].key, "--stats"] + SYNC)
    r4 = kw("mem-http2", ["--server", plain.url, "--stats"] + SYNC)
    if r3.mem() is not None and r4.mem() is not None:
        g.check(r3.mem() - r4.mem() == d, "9 memory: mutual TLS costs the same", "%d vs %d" % (r3.mem() - r4.mem(), d))
    else:
        g.fail("9 memory: mutual TLS costs the same", r3.describe())


def t_proxy(g):
    """10. Through an HTTP proxy (tests/proxy.py: CONNECT): TLS runs inside
    the tunnel and the server's certificate is still verified, against the
    server's name (not the proxy's). A kubeconfig's proxy-url (written by
    kubectl, a %-escaped password) is used for https://127.0.0.1 too;
    HTTPS_PROXY (with credentials) for https://kube.test, a name only the
    proxy resolves; HTTP_PROXY is not used for an https:// server."""
    c = PKI.certs
    user, pw = "kinf-tls-user", "p@" + new_token("proxypw")     # '@': %40 in the URL
    TOKENS.add(basic(user, pw).split()[1])
    TOKENS.add(urllib.parse.quote(pw, safe=""))
    srv = Fake("proxy", tls=c["rsa-srv"], pods=25)
    pxs = []

    def proxy(**kw_):
        px = ConnectProxy(hosts={"kube.test": "127.0.0.1"}, lifetime=200, **kw_)
        pxs.append(px)
        return px

    def saw(px, host):
        """the proxy saw CONNECT host:port with the credentials, and opened tunnels"""
        reqs = px.requests()
        return bool(reqs) and all(r["line"] == "CONNECT %s:%d HTTP/1.1" % (host, srv.port) and r["auth"] == basic(user, pw)
                                  and r["status"] == 200 for r in reqs), [(r["line"], r["status"]) for r in reqs][:3]

    kwb = None
    try:
        srv.wait_ready()
        px = proxy(credentials=(user, pw))
        purl = px.url(user, pw)
        kc = kubeconfig(os.path.join(kc_dir("proxy"), "config"),
                        ["--server=" + srv.url, "--certificate-authority=" + c["rsa-ca"].crt, "--embed-certs=true",
                         "--proxy-url=" + purl], ["--token=unused"])
        g.check("proxy-url: " + purl in open(kc).read() and "%40" in purl, "10 kubectl wrote the proxy-url, %-escaped",
                open(kc).read()[:400])
        n = srv.count()
        want_sync(g, "10 kubeconfig proxy-url: https://127.0.0.1 through CONNECT, the test CA: syncs", kw("proxy-sync", ["--kubeconfig", kc] + SYNC), n)
        ok, what = saw(px, "127.0.0.1")
        g.check(ok, "10 the proxy saw CONNECT 127.0.0.1:P with the Basic credentials, tunnel opened", "saw %s" % what)
        # the watch through the tunnel: a pod made after the list arrives; the dump is the server's
        t0 = px.tunnels()
        kwb = Bg("proxy-watch", ["--kubeconfig", kc, "pods", "-o", "name", "--dump-on-exit", "--timeout", "120"])
        listed = kwb.wait_for(lambda: kwb.out().count("ADDED ") >= n, 60)
        if g.check(listed, "10 kwatch lists through the proxy (%d ADDED lines)" % n, kwb.describe()):
            key = srv.sentinel("zz-sentinel-proxy")
            seen = kwb.wait_for(lambda: kwb.has_line("ADDED %s " % key), 60)
            g.check(seen, "10 the watch through the proxy: a pod made after the list, ADDED", kwb.describe())
            kwb.stop()
            if seen:
                want, got = srv.state(), kwb.dump()
                g.check(got == want, "10 through the proxy: dump equals /_fake/state", "no dump" if got is None else diff_summary(got, want))
            g.check(kwb.rc == 0 and not ERR_RE.findall(kwb.err()), "10 through the proxy: no errors, exit 0", kwb.describe())
            ok, what = saw(px, "127.0.0.1")
            g.check(ok and px.tunnels() > t0, "10 the watch ran in a tunnel of the proxy",
                    "%d tunnels before it, %d after; saw %s" % (t0, px.tunnels(), what))
        # certificate verification still on, inside the tunnel
        px2 = proxy(credentials=(user, pw))
        kc2 = kubeconfig(os.path.join(kc_dir("proxy-other-ca"), "config"),
                         ["--server=" + srv.url, "--certificate-authority=" + c["other-ca"].crt, "--embed-certs=true",
                          "--proxy-url=" + px2.url(user, pw)], ["--token=unused"])
        want_refusal(g, "10 through the proxy, an untrusted CA -> TLS_UNTRUSTED", kw("proxy-other-ca", ["--kubeconfig", kc2] + REFUSE),
                     "TLS_UNTRUSTED")
        ok, what = saw(px2, "127.0.0.1")
        g.check(ok, "10 the untrusted server was reached through the proxy (the refusal is TLS's, in the tunnel)", "saw %s" % what)
        # HTTPS_PROXY with credentials for https://kube.test: the name checked is the server's
        px3 = proxy(credentials=(user, pw))
        env = {"HTTPS_PROXY": px3.url(user, pw), "HTTP_PROXY": None, "http_proxy": None, "https_proxy": None,
               "NO_PROXY": None, "no_proxy": None}
        kt = ["--server", "https://kube.test:%d" % srv.port, "--certificate-authority", c["rsa-ca"].crt]
        want_sync(g, "10 HTTPS_PROXY=http://user:p%40..@127.0.0.1:P, https://kube.test, --tls-server-name localhost: syncs",
                  kw("proxy-env-sync", kt + ["--tls-server-name", "localhost"] + SYNC, env=env), srv.count())
        want_refusal(g, "10 HTTPS_PROXY, https://kube.test, a certificate that does not name kube.test -> TLS_BAD_NAME",
                     kw("proxy-env-name", kt + REFUSE, env=env), "TLS_BAD_NAME")
        ok, what = saw(px3, "kube.test")
        g.check(ok, "10 the proxy saw CONNECT kube.test:P (HTTPS_PROXY) with the credentials", "saw %s" % what)
        px4 = proxy()
        env4 = dict(env, HTTPS_PROXY=None, HTTP_PROXY=px4.url())
        want_refusal(g, "10 HTTP_PROXY only, an https:// server: not proxied (direct: RESOLVE_FAILED)",
                     kw("proxy-env-http-only", kt + ["--tls-server-name", "localhost"] + REFUSE, env=env4), "RESOLVE_FAILED")
        g.check(not px4.requests(), "10 HTTP_PROXY is not used for an https:// server", "saw %s" % px4.connect_lines()[:2])
    finally:
        if kwb is not None:
            kwb.stop()
        for px in pxs:
            px.close()
        srv.close()


def system_bundle():
    """The text of the system's CA bundle (kinf_system_ca_file's places), or None."""
    for path in (os.environ.get("SSL_CERT_FILE"), "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt",
                 "/etc/ssl/ca-bundle.pem", "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", "/etc/ssl/cert.pem"):
        try:
            if path:
                with open(path) as f:
                    return f.read()
        except OSError:
            continue
    return None


def c_ca():
    return PKI.certs["rsa-ca"].crt


def t_no_token_leak(g):
    """Runs last: no token in any kwatch stdout/stderr of this run."""
    leaks = []
    with RUNS_LOCK:
        runs = list(RUNS)
    for name, out, err in runs:
        for t in TOKENS:
            if t in out or t in err:
                leaks.append(name)
    g.check(not leaks, "4 no token appears in any kwatch stdout/stderr (%d runs, %d tokens)" % (len(runs), len(TOKENS)),
            "token printed by: %s" % sorted(set(leaks)))


# ======================================================================
# Main
# ======================================================================

SA_TOKEN = None
SA_TOKEN_FILE = None
ROTATE_FILE = None
ROTATE_TOKENS = None

TASKS = [
    ("basics", t_basics), ("tls-more", t_tls_more), ("ipv6", t_ipv6), ("untrusted", t_refuse_untrusted), ("name", t_refuse_name),
    ("expired", t_refuse_expired), ("misc", t_refuse_misc),
    ("midhandshake", t_midhandshake), ("mtls", t_mtls), ("mtls-refused", t_mtls_refused),
    ("rotation", t_token_rotation), ("token", t_token_misc), ("kubeconfig", t_kubeconfig),
    ("kubeconfig-broken", t_kubeconfig_broken), ("incluster", t_incluster), ("nginx", t_nginx),
    ("nginx-mtls", t_nginx_mtls), ("memory", t_memory), ("tls-time", t_tls_time),
    ("exec-cert", t_exec_cert), ("exec-rotate", t_exec_cert_rotation),
    ("proxy", t_proxy),
]


def start_servers():
    global SA_TOKEN, SA_TOKEN_FILE, ROTATE_FILE, ROTATE_TOKENS
    c = PKI.certs
    SA_TOKEN = new_token("static")
    SA_TOKEN_FILE = os.path.join(TMP, "static-token")
    with open(SA_TOKEN_FILE, "w") as f:
        f.write(SA_TOKEN + "\n")
    ROTATE_TOKENS = (new_token("rotate-a"), new_token("rotate-b"))
    ROTATE_FILE = os.path.join(TMP, "rotate-token")
    with open(ROTATE_FILE, "w") as f:
        f.write(ROTATE_TOKENS[0] + "\n")
    specs = {
        "rsa": dict(tls=c["rsa-srv"]),
        "chain": dict(tls=c["int-srv-chain"]),
        "p384": dict(tls=c["p384-srv"]),
        "selfsigned": dict(tls=c["selfsigned-srv"]),
        "ec": dict(tls=c["ec-srv"]),
        "dns": dict(tls=c["dns-srv"], token_file=SA_TOKEN_FILE),
        "expired": dict(tls=c["expired-srv"]),
        "future": dict(tls=c["future-srv"]),
        "time": dict(tls=c["time-srv"]),
        "other": dict(tls=c["other-srv"]),
        "plain": dict(),
        "mtls": dict(tls=c["rsa-srv"], client_ca=c["client-ca"].crt, ctl_cert=c["cli-ec-pkcs8"]),
        "tok": dict(tls=c["rsa-srv"], token_file=SA_TOKEN_FILE),
        "mtls-tok": dict(tls=c["rsa-srv"], client_ca=c["client-ca"].crt, token_file=SA_TOKEN_FILE, ctl_cert=c["cli-ec-pkcs8"]),
        "exec-rotate": dict(tls=c["rsa-srv"], client_ca=c["client-ca"].crt, ctl_cert=c["cli-ec-pkcs8"]),
        "rotate": dict(tls=c["rsa-srv"], token_file=ROTATE_FILE),
        "decoy": dict(),
        "backend": dict(),
    }
    if can_bind_v6():
        specs["tok6"] = dict(tls=c["rsa-srv"], token_file=SA_TOKEN_FILE, host="::1")
    for n, kwargs in specs.items():
        SERVERS[n] = Fake(n, **kwargs)
    for s in SERVERS.values():
        s.wait_ready()


def main():
    global OPTS, TMP, EMPTY_HOME, KWATCH, KWATCH_NOTLS, PKI
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kwatch", default=os.path.join(ROOT, "build", "kwatch"))
    ap.add_argument("--kwatch-notls", default=os.path.join(ROOT, "build", "kwatch-notls"))
    ap.add_argument("--only", action="append", default=[], help="run only tasks whose name contains this (repeatable)")
    ap.add_argument("--jobs", type=int, default=10)
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    ap.add_argument("--verbose", action="store_true")
    OPTS = ap.parse_args()
    KWATCH, KWATCH_NOTLS = os.path.abspath(OPTS.kwatch), os.path.abspath(OPTS.kwatch_notls)
    t0 = time.monotonic()
    passed = failed = 0

    def emit(ok, name, why=""):
        nonlocal passed, failed
        with PRINT_LOCK:
            if ok:
                passed += 1
                sys.stdout.write("ok - %s\n" % name)
            else:
                failed += 1
                sys.stdout.write("not ok - %s: %s\n" % (name, why))
            sys.stdout.flush()

    missing = [p for p in (KWATCH, KWATCH_NOTLS) if not os.access(p, os.X_OK)]
    missing += [t for t in ("openssl", "kubectl") if shutil.which(t) is None]
    if missing:
        emit(False, "prerequisites", "missing %s (make all build/kwatch-notls; make deps)" % missing)
        sys.stdout.write("%d passed, %d failed\n" % (passed, failed))
        return 1
    TMP = tempfile.mkdtemp(prefix="kinf-tls-")
    EMPTY_HOME = os.path.join(TMP, "empty-home")
    os.makedirs(EMPTY_HOME)
    try:
        try:
            PKI = make_pki(os.path.join(TMP, "pki"))
            start_servers()
            emit(True, "setup: certificates (RSA, EC P-256, expired, client keys) and %d fake servers" % len(SERVERS))
        except Exception as e:
            emit(False, "setup", "%s: %s" % (type(e).__name__, e))
            log(traceback.format_exc())
            return 1
        tasks = [(n, f) for n, f in TASKS if not OPTS.only or any(o in n for o in OPTS.only)]
        with concurrent.futures.ThreadPoolExecutor(max(1, OPTS.jobs)) as ex:
            futs = []
            for n, f in tasks:
                grp = Group(n)
                futs.append((grp, ex.submit(f, grp)))
            for grp, fut in futs:
                try:
                    fut.result(timeout=240)
                except Exception as e:
                    grp.fail("%s: the check itself" % grp.name, "%s: %s" % (type(e).__name__, e))
                    log(traceback.format_exc())
                for ok, name, why in grp.results:
                    emit(ok, name, why)
        g = Group("leak")
        t_no_token_leak(g)
        for ok, name, why in g.results:
            emit(ok, name, why)
    finally:
        for s in SERVERS.values():
            s.close()
        with PROCS_LOCK:
            procs = list(PROCS)
        for p in procs:
            kill_proc(p, signal.SIGKILL, wait=2)
        if OPTS.keep:
            sys.stdout.write("# kept %s\n" % TMP)
        else:
            shutil.rmtree(TMP, ignore_errors=True)
        sys.stdout.write("# %.1f s\n" % (time.monotonic() - t0))
        sys.stdout.write("%d passed, %d failed\n" % (passed, failed))
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
