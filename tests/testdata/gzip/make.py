#!/usr/bin/env python3
"""Writes the gzip test vectors of tests/unit/gzip.inc.c and the fuzz seeds'
start (python3 stdlib only; deterministic: the files do not change when it
runs again). Each crafted stream that should inflate is checked here with
Python's own gzip module; each that should fail is checked to fail there too.

  list.json         a PodList of 60 synthetic pods (about 79 KB: past two
                    32 KiB windows, so the window wraps)
  list-L0.gz ..     list.json through gzip at levels 0 (stored blocks),
  list-L9.gz        1 (fixed and dynamic), 6 and 9 (dynamic, long matches)
  fields.gz         list.json with every optional header field: FEXTRA,
                    FNAME, FCOMMENT, FHCRC (and FTEXT)
  dist32768.gz      a stored block of 32768 bytes, then a fixed block whose
                    matches reach back exactly 32768 bytes (zlib never emits
                    that distance: crafted by hand)
  btype3.gz         a block of the reserved type 3
  badcode.gz        a dynamic block whose literal/length code has only the
                    end-of-block code; the data then uses the unused code
  oversub.gz        a dynamic block whose code length code is over-subscribed
  far.gz            a match whose distance reaches before the first byte
  sym286.gz         a fixed block with the length symbol 286 (refused)
  dist30.gz         a fixed block with the distance symbol 30 (refused)
  repeat.json       a PodList of 150 near-identical pods (long matches
  repeat-L1.gz      everywhere, as in real lists: the window fills with
  repeat-L9.gz      matches of 258 bytes)
Corruptions of the good streams (a CRC or length byte, truncation, trailing
bytes, magic, reserved flags, header CRC) are made by the test itself."""
import gzip, os, random, struct, zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def pods(n, seed=17):
    rnd = random.Random(seed)
    items = []
    for i in range(n):
        uid = "%08x-%04x-%04x-%04x-%012x" % (rnd.getrandbits(32), rnd.getrandbits(16), rnd.getrandbits(16),
                                             rnd.getrandbits(16), rnd.getrandbits(48))
        node = "node-%d" % rnd.randrange(12)
        app = rnd.choice(["web", "api", "db", "cache", "queue", "worker"])
        items.append(
            '{"metadata":{"name":"%s-%05d","namespace":"ns-%d","uid":"%s","resourceVersion":"%d",'
            '"creationTimestamp":"2026-11-%02dT%02d:%02d:%02dZ","labels":{"app":"%s","pod-template-hash":"%x"},'
            '"annotations":{"kinformer.test/note":"%s"}},'
            '"spec":{"nodeName":"%s","containers":[{"name":"%s","image":"registry.example/%s:%d.%d.%d",'
            '"resources":{"requests":{"cpu":"%dm","memory":"%dMi"}},"ports":[{"containerPort":%d,"protocol":"TCP"}],'
            '"env":[{"name":"SEED","value":"%x"}]}],"restartPolicy":"Always","serviceAccountName":"default"},'
            '"status":{"phase":"%s","podIP":"10.%d.%d.%d","hostIP":"192.168.%d.%d","startTime":"2026-11-%02dT00:00:00Z",'
            '"conditions":[{"type":"Ready","status":"%s"},{"type":"ContainersReady","status":"True"}]}}'
            % (app, i, i % 7, uid, 1000 + i, 1 + i % 28, i % 24, i % 60, (i * 7) % 60, app, rnd.getrandbits(40),
               "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz0123456789 ") for _ in range(rnd.randrange(200, 900))),
               node, app, app, rnd.randrange(3), rnd.randrange(20), rnd.randrange(100),
               rnd.randrange(50, 2000), rnd.randrange(64, 4096), rnd.randrange(1024, 65535), rnd.getrandbits(64),
               rnd.choice(["Running", "Pending", "Succeeded"]), rnd.randrange(256), rnd.randrange(256),
               rnd.randrange(256), rnd.randrange(256), rnd.randrange(256), 1 + i % 28,
               rnd.choice(["True", "False"])))
    return ('{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"5000"},"items":[%s]}'
            % ",".join(items)).encode()


class Bits:
    """An LSB-first bit writer, as DEFLATE packs its bits."""
    def __init__(self):
        self.out = bytearray(); self.acc = 0; self.n = 0
    def put(self, v, n):  # v in n bits, least significant first
        self.acc |= v << self.n; self.n += n
        while self.n >= 8:
            self.out.append(self.acc & 255); self.acc >>= 8; self.n -= 8
    def huff(self, code, n):  # a Huffman code goes most significant bit first
        self.put(int(format(code, "0%db" % n)[::-1], 2), n)
    def flush(self):
        if self.n:
            self.out.append(self.acc & 255); self.acc = 0; self.n = 0
        return bytes(self.out)


def fixed_lit(b, sym):  # RFC 1951 3.2.6
    if sym < 144: b.huff(0x30 + sym, 8)
    elif sym < 256: b.huff(0x190 + sym - 144, 9)
    elif sym < 280: b.huff(sym - 256, 7)
    else: b.huff(0xc0 + sym - 280, 8)


def gz_wrap(deflate, raw, flg=0, extra=b""):
    head = b"\x1f\x8b\x08" + bytes([flg]) + b"\0\0\0\0\0\xff" + extra
    return head + deflate + struct.pack("<II", zlib.crc32(raw), len(raw) & 0xffffffff)


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def main():
    raw = pods(60)
    write("list.json", raw)
    one = pods(1, seed=3)
    item = one[one.index(b'"items":[') + 9:-2]
    rep_ = (b'{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"7000"},"items":['
            + b",".join(item.replace(b'"name":"', b'"name":"p%04d-' % i, 1) for i in range(150)) + b"]}")
    write("repeat.json", rep_)
    for lvl in (1, 9):
        g = gzip.compress(rep_, compresslevel=lvl, mtime=0)
        assert gzip.decompress(g) == rep_
        write("repeat-L%d.gz" % lvl, g)
    for lvl in (0, 1, 6, 9):
        g = gzip.compress(raw, compresslevel=lvl, mtime=0)
        assert gzip.decompress(g) == raw
        write("list-L%d.gz" % lvl, g)
    # every optional header field, and the header's CRC
    co = zlib.compressobj(6, zlib.DEFLATED, -15)
    deflate = co.compress(raw) + co.flush()
    flg = 1 | 2 | 4 | 8 | 16
    head = b"\x1f\x8b\x08" + bytes([flg]) + b"\x01\x02\x03\x04\x00\x03"
    xfield = b"KI" + struct.pack("<H", 5) + b"extra"
    head += struct.pack("<H", len(xfield)) + xfield + b"pods.json\0" + b"a comment\0"
    head += struct.pack("<H", zlib.crc32(head) & 0xffff)
    g = head + deflate + struct.pack("<II", zlib.crc32(raw), len(raw))
    assert gzip.decompress(g) == raw
    write("fields.gz", g)
    # distance 32768: a stored block, then matches of 258 bytes that far back
    rnd = random.Random(5)
    blob = bytes(rnd.getrandbits(8) for _ in range(32768))
    b = Bits()
    b.put(0, 1); b.put(0, 2); b.flush()  # stored, not final
    stored = bytes(b.out) + struct.pack("<HH", 32768, 0xffff ^ 32768) + blob
    b = Bits()
    b.put(1, 1); b.put(1, 2)  # final, fixed
    for _ in range(3):
        fixed_lit(b, 285)  # length 258
        b.huff(29, 5); b.put(32768 - 24577, 13)  # distance code 29: 24577 + 13 bits
    fixed_lit(b, 256)
    out = blob + blob[:258 * 3]
    g = gz_wrap(stored + b.flush(), out)
    assert gzip.decompress(g) == out
    write("dist32768.gz", g)
    # the bad ones
    b = Bits(); b.put(1, 1); b.put(3, 2)
    bad = {"btype3.gz": gz_wrap(b.flush() + b"\0\0\0", b"")}
    # a dynamic block: HLIT 257, HDIST 1, HCLEN 18; code length code
    # 18:'0', 0:'10', 1:'11'; lengths: 256 zeros, then 1 for the end-of-block
    # code and 1 for the one distance code. The data's first bit, '1', is
    # then no literal/length code (an incomplete code of one bit is allowed).
    b = Bits(); b.put(1, 1); b.put(2, 2)
    b.put(0, 5); b.put(0, 5); b.put(14, 4)  # HCLEN 18: up to symbol 1 in the order
    order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]
    cl = {18: 1, 0: 2, 1: 2}  # 18:'0', 0:'10', 1:'11'
    for s in order: b.put(cl.get(s, 0), 3)
    b.huff(0, 1); b.put(138 - 11, 7)
    b.huff(0, 1); b.put(118 - 11, 7)  # 256 zeros
    b.huff(3, 2)  # length 1 for symbol 256
    b.huff(3, 2)  # length 1 for the one distance code
    b.huff(1, 1)  # '1': no literal/length code
    b.put(0, 7)
    bad["badcode.gz"] = gz_wrap(b.flush(), b"")
    b = Bits(); b.put(1, 1); b.put(2, 2)
    b.put(0, 5); b.put(0, 5); b.put(0, 4)
    for ln in (1, 1, 1, 1): b.put(ln, 3)  # four codes of one bit: over-subscribed
    bad["oversub.gz"] = gz_wrap(b.flush() + b"\0\0", b"")
    b = Bits(); b.put(1, 1); b.put(1, 2)
    fixed_lit(b, ord("a")); fixed_lit(b, 257); b.huff(1, 5)  # length 3, distance 2: before the start
    fixed_lit(b, 256)
    bad["far.gz"] = gz_wrap(b.flush(), b"aaaa")
    b = Bits(); b.put(1, 1); b.put(1, 2)
    fixed_lit(b, ord("a")); fixed_lit(b, 286); b.put(0, 16)
    bad["sym286.gz"] = gz_wrap(b.flush(), b"a")
    b = Bits(); b.put(1, 1); b.put(1, 2)
    fixed_lit(b, ord("a")); fixed_lit(b, 257); b.huff(30, 5); b.put(0, 16)
    bad["dist30.gz"] = gz_wrap(b.flush(), b"aaaa")
    for name, g in bad.items():
        try:
            gzip.decompress(g)
        except Exception:
            pass
        else:
            raise SystemExit("%s inflates in Python: not a bad stream" % name)
        write(name, g)


if __name__ == "__main__":
    main()
