#!/usr/bin/env python3
"""Independent verifier of fairdeal-dark-v1 transcripts (docs/DARK.md).

Written from docs/DARK.md alone -- it shares no code with fairdeal's TypeScript sources. The group,
ristretto255 (RFC 9496), is libsodium's (crypto_core_ristretto255_*, crypto_scalarmult_ristretto255*,
an audited library, Debian's libsodium23), called through ctypes: no curve arithmetic is written
here. SHA-256, SHA-512 and RFC 9380's expand_message_xmd are the standard library's hashlib; scalar
arithmetic mod l is Python integers. ChaCha20, the Lemire draws and the forward Fisher-Yates shuffle
(docs/RANDOM.md), the presets' decks and dealing routes, and strict JSON are those of
tools/verify-fair.py, the independent verifier of docs/FAIR.md, loaded from beside this file.

Usage:
  python3 tools/verify-dark.py TRANSCRIPT.json ...   verify dark transcripts (UTF-8, at most 16 MiB)
  python3 tools/verify-dark.py --vectors FILE        check test vectors (test/vectors/dark-v1.json)
Exit status: 0 every transcript verified (or void and consistent) / every vector reproduced,
1 a failure (one line naming the seat at fault), 2 a usage error or a file that cannot be read.
"""

import ctypes
import ctypes.util
import hashlib
import importlib.util
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("verify_fair", os.path.join(HERE, "verify-fair.py"))
fair = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fair)

VERSION = "fairdeal-dark-v1"
L = 2 ** 252 + 27742317777372353535851937790883648493
MAX_BYTES = 16 * 1024 * 1024
ZERO = bytes(32)
DST_CARD = b"fairdeal-dark-v1 card"
DST_KEY_PROOF = b"fairdeal-dark-v1 key proof"
DST_SHARE_PROOF = b"fairdeal-dark-v1 share proof"
DST_SHUFFLE = b"fairdeal-dark-v1 shuffle scalar"
STEP_COMMITMENT = "fairdeal-dark-v1 step commitment"


class Fail(Exception):
    """A check that failed: `code` as the library's, `seat` at fault (or None)."""

    def __init__(self, code, message, seat=None):
        Exception.__init__(self, message)
        self.code = code
        self.seat = seat


# --- libsodium's ristretto255 ------------------------------------------------------------------

def _load_sodium():
    for name in (ctypes.util.find_library("sodium"), "libsodium.so.23", "/lib/x86_64-linux-gnu/libsodium.so.23"):
        if name:
            try:
                lib = ctypes.CDLL(name)
                break
            except OSError:
                continue
    else:
        sys.stderr.write("verify-dark.py: libsodium is not installed (Debian: apt-get install libsodium23)\n")
        sys.exit(2)
    if lib.sodium_init() < 0:
        sys.stderr.write("verify-dark.py: libsodium did not initialize\n")
        sys.exit(2)
    return lib


na = _load_sodium()


def _buf(n=32):
    return ctypes.create_string_buffer(n)


def is_point(p):
    """A canonical encoding of an element; the identity (32 zero bytes) included."""
    return len(p) == 32 and (p == ZERO or na.crypto_core_ristretto255_is_valid_point(p) == 1)


def add(p, q):
    if p == ZERO:
        return q
    if q == ZERO:
        return p
    out = _buf()
    if na.crypto_core_ristretto255_add(out, p, q) != 0:
        raise Fail("REVEAL_MISMATCH", "an element does not decode")
    return out.raw


def sub(p, q):
    if q == ZERO:
        return p
    if p == ZERO:
        return mul(L - 1, q)  # -Q
    out = _buf()
    if na.crypto_core_ristretto255_sub(out, p, q) != 0:
        raise Fail("REVEAL_MISMATCH", "an element does not decode")
    return out.raw


def mul(n, p):
    """n·P; libsodium refuses a result that is the identity, which is then what it is."""
    n %= L
    if n == 0 or p == ZERO:
        return ZERO
    out = _buf()
    if na.crypto_scalarmult_ristretto255(out, n.to_bytes(32, "little"), p) != 0:
        return ZERO
    return out.raw


def base_mul(n):
    n %= L
    if n == 0:
        return ZERO
    out = _buf()
    if na.crypto_scalarmult_ristretto255_base(out, n.to_bytes(32, "little")) != 0:
        return ZERO
    return out.raw


def from_hash(h64):
    out = _buf()
    na.crypto_core_ristretto255_from_hash(out, h64)
    return out.raw


# --- hashes (docs/DARK.md section 2) ---------------------------------------------------------------

def expand_message_xmd(msg, dst, length):
    """RFC 9380 section 5.3.1 with SHA-512 (b_in_bytes 64, s_in_bytes 128)."""
    assert len(dst) <= 255 and length <= 255 * 64
    ell = -(-length // 64)
    dst_prime = dst + bytes([len(dst)])
    b0 = hashlib.sha512(bytes(128) + msg + length.to_bytes(2, "big") + b"\x00" + dst_prime).digest()
    b = [hashlib.sha512(b0 + b"\x01" + dst_prime).digest()]
    for i in range(2, ell + 1):
        b.append(hashlib.sha512(bytes(x ^ y for x, y in zip(b0, b[-1])) + bytes([i]) + dst_prime).digest())
    return b"".join(b)[:length]


def hash_scalar(dst, msg):
    return int.from_bytes(expand_message_xmd(msg, dst, 64), "little") % L


def hash_to_group(dst, msg):
    return from_hash(expand_message_xmd(msg, dst, 64))


def u32(n):
    return struct.pack(">I", n)


def s_(text):
    b = text.encode("utf-8")
    return u32(len(b)) + b


def sc(n):
    return n.to_bytes(32, "little")


def ctx_bytes(t):
    return s_(VERSION) + s_(t["table"]) + u32(t["hand"]) + s_(t["preset"]) + u32(t["seats"])


# --- reading values -------------------------------------------------------------------------------

def point(text, code, what, seat):
    if not isinstance(text, str) or not fair.HEX64.match(text):
        raise Fail(code, "%s is not 64 lowercase hex characters" % what, seat)
    p = bytes.fromhex(text)
    if not is_point(p):
        raise Fail(code, "%s is not the canonical encoding of a ristretto255 element" % what, seat)
    return p


def scalar(text, code, what, seat):
    if not isinstance(text, str) or not fair.HEX64.match(text):
        raise Fail(code, "%s is not 64 lowercase hex characters" % what, seat)
    n = int.from_bytes(bytes.fromhex(text), "little")
    if n >= L:
        raise Fail(code, "%s is not a scalar below the group order" % what, seat)
    return n


def bad(where, why):
    raise Fail("BAD_TRANSCRIPT", "transcript %s %s" % (where, why))


def obj(v, where, keys):
    if not isinstance(v, dict):
        bad(where, "must be an object")
    for k in v:
        if k not in keys:
            bad(where, "has an unknown field %r" % k[:64])
    for k in keys:
        if k not in v:
            bad(where, "has no field %r" % k)
    return v


def integer(v, where, below):
    if not fair.is_int(v) or v < 0 or v >= below:
        bad(where, "must be an integer in [0, %d]" % (below - 1))
    return v


def strings(v, where, n=None):
    if not isinstance(v, list) or (n is not None and len(v) != n):
        bad(where, "must be an array" + ("" if n is None else " of %d" % n))
    for i, x in enumerate(v):
        if not isinstance(x, str):
            bad("%s[%d]" % (where, i), "must be a string")
    return v


# --- the checks (docs/DARK.md sections 3-7) --------------------------------------------------------

def card_elements(ids):
    return [hash_to_group(DST_CARD, i.encode("utf-8")) for i in ids]


def check_key(ctx, k):
    s = k["seat"]
    h = point(k["key"], "BAD_SIGNATURE", "seat %d's key" % s, s)
    if h == ZERO:
        raise Fail("BAD_SIGNATURE", "seat %d's key is the identity element" % s, s)
    c = scalar(k["proof"]["c"], "BAD_SIGNATURE", "seat %d's key proof c" % s, s)
    z = scalar(k["proof"]["z"], "BAD_SIGNATURE", "seat %d's key proof z" % s, s)
    t = sub(base_mul(z), mul(c, h))
    if hash_scalar(DST_KEY_PROOF, ctx + u32(s) + h + t) != c:
        raise Fail("BAD_SIGNATURE", "seat %d's key proof does not verify" % s, s)
    return h


def step_commitment(ctx, seat, seed):
    return hashlib.sha256(s_(STEP_COMMITMENT) + ctx + u32(seat) + seed).hexdigest()


def shuffle_step(joint, deck, seed):
    n = len(deck)
    p = fair.shuffle(list(range(n)), fair.Words(seed, 0))
    out = []
    for i in range(n):
        r = hash_scalar(DST_SHUFFLE, seed + u32(i))
        a, b = deck[p[i]]
        out.append((add(a, base_mul(r)), add(b, mul(r, joint))))
    return p, out


def read_deck(step, n):
    s = step["seat"]
    if len(step["deck"]) != n:
        raise Fail("REVEAL_MISMATCH", "seat %d's shuffle step must hold %d ciphertexts" % (s, n), s)
    return [(point(a, "REVEAL_MISMATCH", "seat %d's ciphertext %d" % (s, i), s),
             point(b, "REVEAL_MISMATCH", "seat %d's ciphertext %d" % (s, i), s))
            for i, (a, b) in enumerate(step["deck"])]


def check_share(ctx, h, a, sh):
    s, i = sh["seat"], sh["position"]
    what = "seat %d's share for position %d" % (s, i)
    d = point(sh["share"], "BAD_SIGNATURE", what, s)
    c = scalar(sh["proof"]["c"], "BAD_SIGNATURE", what, s)
    z = scalar(sh["proof"]["z"], "BAD_SIGNATURE", what, s)
    if a == ZERO:
        raise Fail("BAD_SIGNATURE", "%s is for a ciphertext never re-randomized" % what, s)
    t1 = sub(base_mul(z), mul(c, h))
    t2 = sub(mul(z, a), mul(c, d))
    m = ctx + u32(s) + u32(i) + h + a + d
    if hash_scalar(DST_SHARE_PROOF, m + t1 + t2) != c:
        raise Fail("BAD_SIGNATURE", "%s has a proof that does not verify" % what, s)
    return d


def may_share(to, seat, played, kitty_given):
    if to.startswith("hand:"):
        return int(to[5:]) != seat or played
    if to == "kitty":
        return kitty_given
    return to == "board"


# --- the transcript (docs/DARK.md sections 9 and 10) -----------------------------------------------

TOP = ["version", "table", "hand", "preset", "seats", "keys", "steps", "shares", "kittyTo", "plays",
       "reveals", "void"]


def parse(t):
    obj(t, "root", TOP)
    if t["version"] != VERSION:
        bad("version", "must be %r" % VERSION)
    fair.ident(t["table"], "table")
    integer(t["hand"], "hand", 2 ** 32)
    fair.text(t["preset"], "preset")
    n = integer(t["seats"], "seats", 17)
    if n < 2:
        bad("seats", "must be at least 2")
    for name in ("keys", "steps", "shares", "plays", "reveals"):
        if not isinstance(t[name], list):
            bad(name, "must be an array")
    for i, k in enumerate(t["keys"]):
        obj(k, "keys[%d]" % i, ["seat", "key", "proof"])
        if integer(k["seat"], "keys[%d].seat" % i, n) != i:
            bad("keys[%d].seat" % i, "must be %d: keys are in seat order" % i)
        obj(k["proof"], "keys[%d].proof" % i, ["c", "z"])
    for i, s in enumerate(t["steps"]):
        obj(s, "steps[%d]" % i, ["seat", "commitment", "deck"])
        if integer(s["seat"], "steps[%d].seat" % i, n) != i:
            bad("steps[%d].seat" % i, "must be %d: steps are in seat order" % i)
        if not isinstance(s["deck"], list):
            bad("steps[%d].deck" % i, "must be an array")
        for j, pair in enumerate(s["deck"]):
            strings(pair, "steps[%d].deck[%d]" % (i, j), 2)
    if len(t["keys"]) > n or len(t["steps"]) > n:
        bad("keys", "hold more entries than seats")
    for i, s in enumerate(t["shares"]):
        obj(s, "shares[%d]" % i, ["seat", "position", "share", "proof"])
        integer(s["seat"], "shares[%d].seat" % i, n)
        integer(s["position"], "shares[%d].position" % i, 1024)
        obj(s["proof"], "shares[%d].proof" % i, ["c", "z"])
    if t["kittyTo"] is not None:
        integer(t["kittyTo"], "kittyTo", n)
    for i, p in enumerate(t["plays"]):
        obj(p, "plays[%d]" % i, ["seat", "position", "card"])
        integer(p["seat"], "plays[%d].seat" % i, n)
        integer(p["position"], "plays[%d].position" % i, 1024)
        fair.text(p["card"], "plays[%d].card" % i)
    for i, r in enumerate(t["reveals"]):
        obj(r, "reveals[%d]" % i, ["seat", "seed"])
        integer(r["seat"], "reveals[%d].seat" % i, n)
    if t["void"] is not None:
        obj(t["void"], "void", ["seat", "stage"])
        integer(t["void"]["seat"], "void.seat", n)
        if t["void"]["stage"] not in ("key", "shuffle", "share", "reveal"):
            bad("void.stage", "must be one of key, shuffle, share, reveal")


def verify(t):
    """Docs/DARK.md section 10, in order. Returns (status, deck or None); raises Fail."""
    parse(t)
    n = t["seats"]
    ctx = ctx_bytes(t)
    try:
        _canon, ids, route = fair.resolve(t["preset"], {"seats": n})
    except fair.Reject as e:
        raise Fail("BAD_OPTION", "%s %s" % (e.args[0], e.args[1] if len(e.args) > 1 else ""))
    if len(set(ids)) != len(ids):
        raise Fail("BAD_DECK", "dark deals need distinct cards")
    elements = card_elements(ids)
    card_of = {e: i for i, e in zip(ids, elements)}
    size = len(ids)
    whole = t["void"] is None
    if whole and len(t["keys"]) != n:
        bad("keys", "must hold all %d keys" % n)
    keys = [check_key(ctx, k) for k in t["keys"]]
    if t["steps"] and len(keys) != n:
        bad("steps", "come before every key")
    if whole and len(t["steps"]) != n:
        bad("steps", "must hold all %d steps" % n)
    joint = ZERO
    for h in keys:
        joint = add(joint, h)

    seeds = {}
    for r in t["reveals"]:
        s = r["seat"]
        if s in seeds:
            bad("reveals", "hold seat %d's seed twice" % s)
        if s >= len(t["steps"]):
            bad("reveals", "hold a seed of seat %d, which made no step" % s)
        if not isinstance(r["seed"], str) or not fair.HEX64.match(r["seed"]):
            raise Fail("REVEAL_MISMATCH", "seat %d's revealed seed is not 64 lowercase hex characters" % s, s)
        seeds[s] = bytes.fromhex(r["seed"])
    current = [(ZERO, m) for m in elements]
    order = list(range(size))
    replayed = True
    for step in t["steps"]:
        s = step["seat"]
        output = read_deck(step, size)
        seed = seeds.get(s)
        if seed is None:
            if whole:
                bad("reveals", "lack seat %d's step seed" % s)
            replayed = False
        else:
            if step_commitment(ctx, s, seed) != step["commitment"]:
                raise Fail("REVEAL_MISMATCH", "seat %d's revealed step seed does not match its commitment" % s, s)
            p, expected = shuffle_step(joint, current, seed)
            for i, (e, g) in enumerate(zip(expected, output)):
                if e != g:
                    raise Fail("REVEAL_MISMATCH", "seat %d's shuffle step is not what its revealed seed makes "
                               "(ciphertext %d differs)" % (s, i), s)
            order = [order[p[i]] for i in range(size)]
        current = output
    final = current
    if t["shares"] and len(t["steps"]) != n:
        bad("shares", "come before the last shuffle step")

    played = {(p["seat"], p["position"]) for p in t["plays"]}
    by_position = {}
    for sh in t["shares"]:
        s, i = sh["seat"], sh["position"]
        if i >= size:
            raise Fail("PROTOCOL_ORDER", "seat %d's share is for position %d, past the deck" % (s, i), s)
        if not may_share(route[i], s, (s, i) in played, t["kittyTo"] is not None):
            raise Fail("PROTOCOL_ORDER", "seat %d shared position %d (%s), which it must not open" % (s, i, route[i]), s)
        got = by_position.setdefault(i, {})
        if s in got:
            raise Fail("PROTOCOL_ORDER", "seat %d shared position %d twice" % (s, i), s)
        got[s] = check_share(ctx, keys[s], final[i][0], sh)

    opened = {}
    for i, got in by_position.items():
        if len(got) == n:
            m = final[i][1]
            for d in got.values():
                m = sub(m, d)
            if m not in card_of:
                raise Fail("REVEAL_MISMATCH", "position %d opens to no card of the deck" % i)
            opened[i] = card_of[m]
    once = set()
    for p in t["plays"]:
        s, i = p["seat"], p["position"]
        to = route[i] if i < size else None
        if not (to == "hand:%d" % s or (to == "kitty" and t["kittyTo"] == s)):
            raise Fail("ILLEGAL_PLAY", "seat %d played position %d, which is not in its hand" % (s, i), s)
        if i in once:
            raise Fail("ILLEGAL_PLAY", "seat %d played position %d twice" % (s, i), s)
        once.add(i)
        if i not in opened:
            raise Fail("ILLEGAL_PLAY", "seat %d played position %d without every seat's share for it" % (s, i), s)
        if opened[i] != p["card"]:
            raise Fail("ILLEGAL_PLAY", "seat %d claimed %s at position %d, which holds %s" % (s, p["card"], i, opened[i]), s)
    if whole:
        for i, to in enumerate(route):
            if to.startswith("hand:"):
                owner = int(to[5:])
                for s in range(n):
                    if s != owner and s not in by_position.get(i, {}):
                        bad("shares", "lack seat %d's share for position %d (dealt to seat %d)" % (s, i, owner))
    deck = [ids[j] for j in order] if replayed and len(t["steps"]) == n else None
    if whole:
        return "VERIFIED", deck
    return "VOID (seat %d stopped at the %s stage)" % (t["void"]["seat"], t["void"]["stage"]), deck


# --- the vectors (docs/DARK.md section 14) ---------------------------------------------------------

def check_vectors(v):
    ctx_t = v["context"]
    ctx = ctx_bytes(ctx_t)
    _canon, ids, route = fair.resolve(ctx_t["preset"], {"seats": ctx_t["seats"]})
    elements = card_elements(ids)
    if [c["id"] for c in v["cards"]] != ids or [c["element"] for c in v["cards"]] != [e.hex() for e in elements]:
        raise Fail("VECTORS", "the card elements differ")
    if v["route"] != route:
        raise Fail("VECTORS", "the dealing route differs")
    keys = []
    for s in v["seats"]:
        x = hash_scalar(b"fairdeal-dark-v1 key secret", bytes.fromhex(s["keySecret"]))
        if sc(x).hex() != s["x"] or base_mul(x).hex() != s["key"]:
            raise Fail("VECTORS", "seat %d's key differs" % s["seat"])
        keys.append(check_key(ctx, s))
    joint = ZERO
    for h in keys:
        joint = add(joint, h)
    if joint.hex() != v["joint"]:
        raise Fail("VECTORS", "the joint key differs")
    st = v["step"]
    seed = bytes.fromhex(st["seed"])
    p, out = shuffle_step(joint, [(ZERO, m) for m in elements], seed)
    if p != st["permutation"]:
        raise Fail("VECTORS", "the step's permutation differs")
    if [sc(hash_scalar(DST_SHUFFLE, seed + u32(i))).hex() for i in range(len(ids))] != st["scalars"]:
        raise Fail("VECTORS", "the step's scalars differ")
    if step_commitment(ctx, 0, seed) != st["commitment"]:
        raise Fail("VECTORS", "the step's commitment differs")
    if [[a.hex(), b.hex()] for a, b in out] != st["output"]:
        raise Fail("VECTORS", "the step's output differs")
    sh = v["share"]
    check_share(ctx, keys[sh["seat"]], bytes.fromhex(sh["a"]), sh)
    status, deck = verify(v["transcript"])
    if status != "VERIFIED" or deck is None:
        raise Fail("VECTORS", "the transcript does not verify")
    return len(ids)


def read_json(path):
    with open(path, "rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise Fail("BAD_TRANSCRIPT", "%s is larger than 16 MiB: not read" % path)
    try:
        value = fair.parse_json(data.decode("utf-8"))
        fair._depth_ok(value)
    except UnicodeDecodeError:
        raise Fail("BAD_TRANSCRIPT", "%s is not UTF-8" % path)
    except fair.Reject as e:
        raise Fail("BAD_TRANSCRIPT", "transcript %s %s" % (e.args[0], e.args[1] if len(e.args) > 1 else ""))
    return value


def line(e):
    who = "" if e.seat is None else " (seat %d)" % e.seat
    return "%s%s: %s" % (e.code, who, e)


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        sys.stdout.write(__doc__)
        return 0 if argv else 2
    if argv[0] == "--vectors":
        if len(argv) != 2:
            sys.stderr.write("verify-dark.py: --vectors takes one file\n")
            return 2
        try:
            count = check_vectors(read_json(argv[1]))
        except OSError as e:
            sys.stderr.write("verify-dark.py: %s\n" % e)
            return 2
        except Fail as e:
            print("FAILED %s" % line(e))
            return 1
        print("ok: %d card elements, keys, the joint key, a shuffle step, a share and a transcript" % count)
        return 0
    status = 0
    for path in argv:
        try:
            verdict, deck = verify(read_json(path))
        except OSError as e:
            sys.stderr.write("verify-dark.py: %s\n" % e)
            return 2
        except Fail as e:
            print("%s: NOT VERIFIED %s" % (path, line(e)))
            status = 1
            continue
        except fair.Reject as e:
            print("%s: NOT VERIFIED BAD_TRANSCRIPT: transcript %s" % (path, " ".join(str(a) for a in e.args)))
            status = 1
            continue
        print("%s: %s%s" % (path, verdict, "" if deck is None else " (every shuffle replayed)"))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
