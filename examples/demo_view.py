#!/usr/bin/env python3
"""demo_view.py - what `make demo` shows of a kwatch run (examples/demo.sh).

    { echo "# start"; build/kwatch ... -o name -v --stats --dump-on-exit 2>&1; } |
        python3 examples/demo_view.py STATE_URL [READY_FILE]

Reads kwatch's output (stdout and stderr together) and the demo's own marks
("# start", "# fault cut", "# fault expire", "# churn stop", "# kwatch exit N")
from stdin, and prints a short account instead of every line: the first
changes kwatch printed, a tally per second of the changes with what happened
in that second, what the cache holds at the end (checked against the fake
server's state at STATE_URL) and kwatch's counters, each with what it counts.
It creates READY_FILE once it reads: the demo starts kwatch after that, so
the times it shows (the sync's, the tally's seconds) are kwatch's, not this
script's start-up.
kwatch's output is read as docs/kwatch.md describes it; nothing here changes
it. Python standard library only.
"""
import os
import select
import sys
import textwrap
import time
import urllib.request

EVENTS = ("ADDED", "MODIFIED", "DELETED", "DELETED!")
FIRST_LIST = 5      # list items shown
FIRST_WATCH = 5     # watch events shown
WIDTH = 110
TABLE = "   %3s %6s %8s %7s %8s %6s  %s"


def out(s=""):
    sys.stdout.write(s + "\n")
    sys.stdout.flush()


def wrap(text, first, rest):
    return textwrap.fill(text, WIDTH, initial_indent=first, subsequent_indent=rest)


def num(n):
    return "{:,}".format(int(n))


class View:
    def __init__(self, state_url):
        self.state_url = state_url
        self.t0 = None
        self.second = 0
        self.counts = dict.fromkeys(EVENTS, 0)
        self.cached = 0
        self.notes = []
        self.held = []             # rows waiting for the first changes to be shown
        self.table = False         # the table's header has been printed
        self.synced = False
        self.shown_list = self.shown_watch = 0
        self.list_count = 0
        self.lists_done = 0
        self.cut = False           # the watch was cut: the next WATCH_START resumes it
        self.watch_rv = None       # where the first watch starts
        self.watch_list = False    # the first list came as a watch-list (its stream goes on as the watch)
        self.t_end = None
        self.unknown = []          # DELETED! lines
        self.dump = None           # the "key RV" lines of --dump-on-exit
        self.stats = {}
        self.exit = None
        self.other = []            # log lines this view does not explain

    # ---------------------------------------------------------------- input
    def line(self, s, now):
        if s == "# start":
            self.t0 = now
            return
        if s.startswith("# kwatch exit "):
            self.exit = int(s.split()[-1])
            return
        if self.dump is not None and not s.startswith("#") and not s.startswith("kwatch:"):
            self.dump.append(s)
            return
        if s.startswith("# cache "):
            self.dump = []
            self.t_end = now
            return
        if s.startswith("# stats "):             # key=value; "# stats delivered adds=.." gives delivered_adds
            words = s[8:].split()
            prefix = "delivered_" if words and words[0] == "delivered" else ""
            for kv in words:
                k, eq, v = kv.partition("=")
                if eq:
                    self.stats[prefix + k] = v
            return
        if s.startswith("# fault cut"):
            self.note("fault: the server cuts the watch in the middle of an event")
            return
        if s.startswith("# fault expire"):
            self.note("fault: the server compacts its history, ends the watch with 410 Expired, "
                      "and pods churn fast for a second")
            return
        if s.startswith("# churn stop"):
            self.note("the churn stops: nothing changes from here on")
            return
        if s.startswith("kwatch: "):
            self.log(s, now)
            return
        word = s.partition(" ")[0]
        if word in EVENTS:
            self.event(word, s)
            return
        self.other.append(s)

    def event(self, word, s):
        self.counts[word] += 1
        self.cached += 1 if word == "ADDED" else -1 if word.startswith("DELETED") else 0
        if word == "DELETED!":
            self.unknown.append(s)
        if not self.synced:
            self.list_count += 1
            if self.shown_list < FIRST_LIST:
                self.first_changes_header()
                out("   " + s)
                self.shown_list += 1
        elif self.shown_watch < FIRST_WATCH and not self.table:
            out("   " + s)
            self.shown_watch += 1
            if self.shown_watch == FIRST_WATCH:
                self.start_table()

    def first_changes_header(self):
        if self.shown_list == 0:
            out()
            out("-- kwatch prints one line per change its handler gets: EVENT namespace/name resourceVersion")

    def log(self, s, now):
        parts = s.split(" ", 3)          # kwatch: LEVEL ITEM: message: detail
        item = parts[2].rstrip(":") if len(parts) > 2 else ""
        msg = parts[3] if len(parts) > 3 else ""
        # the detail follows the item's fixed message ("list complete: 340
        # (watch-list: end bookmark)"): its first word is the resourceVersion
        detail = msg.split(": ", 1)[1] if ": " in msg else ""
        rv = detail.split(" ", 1)[0]
        via_watch_list = "(watch-list" in detail
        if item == "SYNCED":
            self.synced = True
            ms = (now - self.t0) * 1000 if self.t0 is not None else None
            took = " in %d ms" % ms if ms is not None else ""
            self.first_changes_header()
            more = self.list_count - self.shown_list
            if more > 0:
                out("   ... %d more ADDED: the initial list, %d pods, cached and handed to the handler%s%s"
                    % (more, self.list_count, took, " (kwatch's start included)" if took else ""))
            at = " from resourceVersion " + self.watch_rv if self.watch_rv else ""
            if self.watch_list:
                out("   (the list came as one watch, a watch-list: its ADDED events, then a bookmark at its end);")
                out("   the same stream goes on as the watch%s:" % at)
            else:
                out("   then the watch%s:" % at)
            self.note("synced: %d pods listed and cached%s; watching" % (self.list_count, took))
        elif item == "LIST_DONE":
            self.lists_done += 1
            if self.lists_done == 1:
                self.watch_list = via_watch_list
            else:
                how = (" through a watch-list (the pods as ADDED events on one watch, ended by a bookmark)"
                       if via_watch_list else "")
                self.note("relisted at resourceVersion %s%s: the cache is the list again" % (rv, how))
        elif item == "WATCH_START":
            if self.cut:
                self.note("kwatch watches again from resourceVersion %s: nothing lost, no relist" % rv)
                self.cut = False
            elif self.watch_rv is None:
                self.watch_rv = rv
        elif item == "CONNECTION_CLOSED":
            self.cut = True
        elif item == "RV_EXPIRED":
            self.note("410: kwatch's resourceVersion is gone from the history, so it lists again (a relist)")
        elif item in ("BACKOFF", "LIST_START", "WATCH_END"):
            pass                             # the steps between: a short random wait, a request
        else:
            self.note(s)

    def note(self, text):
        self.notes.append(text)

    # ---------------------------------------------------------------- the table
    def start_table(self):
        if self.table:
            return
        self.table = True
        out()
        out("-- from here on the lines are counted, second by second (kwatch itself prints them all):")
        out(TABLE % ("s", "ADDED", "MODIFIED", "DELETED", "DELETED!", "cached", "what happened"))
        for r in self.held:
            out(r)
        self.held = []

    def tick(self):
        self.second += 1
        self.row(str(self.second))
        if self.second >= 2 and self.synced:
            self.start_table()

    def row(self, label):
        c = self.counts
        lead = TABLE % (label, c["ADDED"], c["MODIFIED"], c["DELETED"], c["DELETED!"] or "", self.cached, "")
        pad = " " * len(lead)
        lines = []
        notes = self.notes or [""]
        for i, n in enumerate(notes):
            lines.append(wrap(n, lead if i == 0 else pad, pad) if n else lead.rstrip())
        new = self.unknown[len(self.unknown) - c["DELETED!"]:]
        for s in new[:5]:
            lines.append(pad + s)
        if len(new) > 5:
            lines.append(pad + "... and %d more DELETED!" % (len(new) - 5))
        if new and len(new) == len(self.unknown):        # the first: say what it is, here
            lines.append(wrap("DELETED! is a delete kwatch never saw as an event: the pod was missing from "
                              "the relist, deleted while kwatch was not watching, so its final state is "
                              "unknown (client-go's DeletedFinalStateUnknown). Its resourceVersion is the "
                              "last one kwatch had.", pad, pad))
        self.counts = dict.fromkeys(EVENTS, 0)
        self.notes = []
        for ln in lines:
            if self.table:
                out(ln)
            else:
                self.held.append(ln)

    # ---------------------------------------------------------------- the end
    def finish(self):
        if self.dump is None:
            out()
            out("-- kwatch exited (status %s) without printing its cache; the last lines:" % self.exit)
            for s in (self.other + self.notes)[-8:]:
                out("   " + s)
            return 1
        if any(self.counts.values()) or self.notes:
            self.row(str(self.second + 1))
        self.start_table()
        out()
        took = self.t_end - self.t0 if self.t_end is not None and self.t0 is not None else self.second
        out("-- after %.0f s kwatch stops (--timeout) and prints what its cache holds (--dump-on-exit):" % took)
        by_ns = {}
        for s in self.dump:
            by_ns[s.split("/", 1)[0]] = by_ns.get(s.split("/", 1)[0], 0) + 1
        out("   %d pods: %s" % (len(self.dump), ", ".join("%d in %s" % (n, ns) for ns, n in sorted(by_ns.items()))))
        try:
            with urllib.request.urlopen(self.state_url, timeout=10) as r:
                state = r.read().decode().splitlines()
        except OSError as e:
            state = None
            out("   (the server's state could not be read: %s)" % e)
        if state is not None:
            mine = ["# cache %d objects" % len(self.dump)] + self.dump
            if state == mine:
                out("   the cache equals the server's state: the same %d pods, every resourceVersion the same"
                    % len(self.dump))
            else:
                diff = len(set(state[1:]) ^ set(self.dump))
                out("   the cache differs from the server's state in %d lines (changes still in flight)" % diff)
        if self.unknown:
            out("   %d DELETED! this run: pods deleted while kwatch relisted, their final state unknown"
                % len(self.unknown))
        else:
            out(wrap("no DELETED! this run: DELETED! would mark a pod deleted while kwatch relisted (missing "
                     "from the list, its final state unknown), and none was.", "   ", "   "))
        self.counters()
        return 0 if self.exit == 0 else 1

    def counters(self):
        s = self.stats
        g = lambda k: int(s.get(k, "0").split("/")[0])
        if not s:
            out("   (no counters: kwatch printed no # stats lines)")
            return
        out()
        out("-- kwatch's counters (--stats prints them as \"# stats\" lines; docs/kwatch.md):")
        lists, wls = g("lists"), g("watch_lists")      # (re)lists by LIST, and by a watch (watch-list)
        relists, fallbacks = g("relists"), g("watch_list_fallbacks")
        started = lists + wls
        initial = " (%s of them the watch-lists' initial pods)" % num(g("list_items")) if wls and not lists else ""
        how = []
        if wls:
            how.append("%s through a watch-list (one watch whose ADDED events are the list, ended by a bookmark)"
                       % ("all" if not lists else num(wls)))
        if fallbacks:
            how.append("%s of those refused or unfinished, then a LIST instead" % num(fallbacks))
        if lists:
            how.append("%s by LIST in %s pages" % (num(lists) if wls else "all", num(g("list_pages"))))
        conns = g("connections")
        rows = [
            ("watch events received", "%s: %s ADDED%s, %s MODIFIED, %s DELETED, %s BOOKMARK (progress marks, "
             "no change)" % (num(g("events")), num(g("added")), initial, num(g("modified")), num(g("deleted")),
                              num(g("bookmarks")))),
            ("lists", "%s (%s): %s; %s pods listed in all"
             % (num(started), "no relist" if not relists else "the first and %s relist%s"
                % (num(relists), "" if relists == 1 else "s"), "; ".join(how) or "none", num(g("list_items")))),
            ("changes handed over", "%s adds, %s updates, %s deletes: list items are adds; changes to one "
             "pod that wait in the queue together are handed over once"
             % (num(g("delivered_adds")), num(g("delivered_updates")), num(g("delivered_deletes")))),
            ("connections", "%s (%s); %s watch requests%s, %s backoffs; %s bytes read, %s written"
             % (num(conns), "the first and no reconnect" if g("reconnects") == 0 else "the first and %s reconnect%s"
                % (num(g("reconnects")), "" if g("reconnects") == 1 else "s"), num(g("watches")),
                " (%s of them watch-lists)" % num(wls) if wls else "", num(g("backoffs")), num(g("bytes_read")),
                num(g("bytes_written")))),
        ]
        objs, max_objs = (s.get("objects", "0/0").split("/") + ["0"])[:2]
        used, cap, peak = g("store_used"), g("store_capacity"), g("store_peak")
        per = " (%s a pod)" % num(used // int(objs)) if int(objs) else ""
        rows.append(("cache", "%s pods, at most %s" % (num(objs), num(max_objs))))
        rows.append(("store", "%s bytes of projected pods%s, peak %s, in a %s-byte arena"
                     % (num(used), per, num(peak), num(cap))))
        mem = g("used")
        rows.append(("informer memory", "%s bytes in all, taken once at start: the %s-byte arena, and %s "
                     "for %s object slots with their hash and indexes, the event buffer and the I/O buffers"
                     % (num(mem), num(cap), num(mem - cap), num(max_objs))))
        rows.append(("errors", "%s (last: %s); malformed %s, oversized %s, store full %s, not cached %s"
                     % (num(g("errors")), s.get("last_error", "?"), num(g("malformed")), num(g("oversized")),
                        num(g("store_full")), num(g("dropped")))))
        for label, text in rows:
            out(wrap(text, "   %-22s " % label, " " * 26))


def main():
    view = View(sys.argv[1] if len(sys.argv) > 1 else "")
    if len(sys.argv) > 2:
        open(sys.argv[2], "w").close()
    fd = sys.stdin.fileno()
    buf = b""
    next_tick = None
    while True:
        now = time.monotonic()
        if view.t0 is not None and next_tick is None:
            next_tick = view.t0 + 1
        ticking = next_tick is not None and view.dump is None and view.exit is None
        wait = max(0.0, next_tick - now) if ticking else None
        ready, _, _ = select.select([fd], [], [], wait)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            buf += chunk
            while b"\n" in buf:
                ln, buf = buf.split(b"\n", 1)
                view.line(ln.decode("utf-8", "replace").rstrip("\r"), time.monotonic())
        if ticking and time.monotonic() >= next_tick and view.dump is None and view.exit is None:
            view.tick()
            next_tick += 1
    if buf:
        view.line(buf.decode("utf-8", "replace"), time.monotonic())
    return view.finish()


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:      # Ctrl-C: demo.sh stops the rest
        sys.exit(130)
