#!/usr/bin/env python3
"""Independent verifier of fairdeal-v3, fairdeal-v2 and fairdeal-v1 (docs/FAIR.md).

Written from the specification alone -- it shares no code with fairdeal's TypeScript sources -- so
that the test vectors are proven reproducible by someone who never read our code, and so that a
player can check a hand without trusting our library. It implements ChaCha20 (RFC 8439),
HMAC-SHA-256 (RFC 2104 via hmac/hashlib), the canonical byte encoding, exact bounded integers
(Lemire), the forward Fisher-Yates shuffle, every preset's deck, options and dealing pattern, and
the strict transcript rules (no duplicate keys, no unknown fields, lowercase hex, option ranges).
Anything it cannot recompute it refuses: it never reports "passed" for what it did not check.

v1 and v2 need the Python 3 standard library only. v3 records are signed with Ed25519 (RFC 8032),
which the standard library does not have, so checking one needs pyca/cryptography (`pip install
cryptography`, Debian: python3-cryptography), imported only then; its Ed25519 is OpenSSL's, which
refuses non-canonical signatures as docs/FAIR.md V3.3 requires (the vector check tests that too).
Without it a v3 record is refused with exit status 1 and nothing is called verified. No curve
arithmetic is written here: a verifier's own Ed25519 would be the weakest part of it.

Usage:
  python3 tools/verify-fair.py                          check test/vectors/fair-v1.json, fair-v2.json
                                                        and fair-v3.json
  python3 tools/verify-fair.py --vectors FILE ...       check vector files (v1, v2 or v3)
  python3 tools/verify-fair.py --transcript A.json ...  verify transcripts (any version; UTF-8, at most
                                                        16 MiB each); several = one chain (v1 then v2
                                                        allowed, never v2 then v1); prints and exits as
                                                        `fairdeal verify`
  python3 tools/verify-fair.py --corpus FILE            fuzz mode: FILE is a JSON list of texts;
                                                        prints a JSON list of true/false verdicts
  python3 tools/verify-fair.py --verdicts FILE          the same, each verdict the `fairness` of a
                                                        verified text or false
Exit status: vector checks and the fuzz modes 0 when everything passed, 1 otherwise; --transcript
as docs/FAIR.md V3.9 says: 0 proven fair, 3 dealer alone or practice, 4 one party or one seat
only, 5 void records only, 6 consistent (v1/v2 with player seeds), 1 a failure; 2 a usage error.
"""

import hashlib
import hmac
import json
import math
import os
import re
import struct
import sys
import unicodedata

V1 = "fairdeal-v1"
V2 = "fairdeal-v2"
MASK32 = 0xFFFFFFFF
MAX_SAFE = 2 ** 53 - 1
MAX_TEXT = 1024
MAX_TRANSCRIPT = 16 * 1024 * 1024  # bytes of UTF-8 text (section 9): a larger one is not read


class Reject(Exception):
    """A transcript (or one of its fields) that does not verify: field and reason."""

    def __init__(self, field, message):
        Exception.__init__(self, "%s: %s" % (field, message))
        self.field = field


# --- ChaCha20, RFC 8439 section 2.3 -------------------------------------------------------------

def _rotl(v, c):
    return ((v << c) & MASK32) | (v >> (32 - c))


def _quarter(s, a, b, c, d):
    s[a] = (s[a] + s[b]) & MASK32; s[d] = _rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & MASK32; s[b] = _rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & MASK32; s[d] = _rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & MASK32; s[b] = _rotl(s[b] ^ s[c], 7)


def chacha20_block(key, counter, nonce):
    """The 16 output words of one block (key: 32 bytes, nonce: 12 bytes)."""
    state = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574]
    state += list(struct.unpack("<8I", key)) + [counter & MASK32] + list(struct.unpack("<3I", nonce))
    s = state[:]
    for _ in range(10):
        _quarter(s, 0, 4, 8, 12); _quarter(s, 1, 5, 9, 13)
        _quarter(s, 2, 6, 10, 14); _quarter(s, 3, 7, 11, 15)
        _quarter(s, 0, 5, 10, 15); _quarter(s, 1, 6, 11, 12)
        _quarter(s, 2, 7, 8, 13); _quarter(s, 3, 4, 9, 14)
    return [(s[i] + state[i]) & MASK32 for i in range(16)]


class Words:
    """The keystream of (key, stream) read as little-endian 32-bit words, block counter from 0,
    nonce = 0x00000000 || stream as 64-bit little-endian."""

    def __init__(self, key, stream=0):
        self.key = key
        self.nonce = b"\x00\x00\x00\x00" + struct.pack("<Q", stream)
        self.counter = 0
        self.buf = []
        self.count = 0

    def next(self):
        if not self.buf:
            self.buf = chacha20_block(self.key, self.counter, self.nonce)
            self.counter += 1
        self.count += 1
        return self.buf.pop(0)


# --- exact bounded integers and the shuffle (docs/RANDOM.md, "Shuffle v1 — the exact definition") ----------------------

class IndexDrawer:
    """Exact uniform indices by Lemire's method: 16 bits per draw while the bound fits 16 bits (low
    half of a word first, then its high half), a whole 32-bit word for larger bounds (dropping a
    pending half). One drawer per shuffle."""

    def __init__(self, words):
        self.words = words
        self.high = 0
        self.pending = False

    def next(self, bound):
        if bound <= 65536:
            while True:
                if self.pending:
                    x, self.pending = self.high, False
                else:
                    w = self.words.next()
                    x, self.high, self.pending = w & 0xFFFF, w >> 16, True
                m = x * bound
                low = m & 0xFFFF
                if not (low < bound and low < (65536 - bound) % bound):
                    return m >> 16
        self.pending = False
        while True:
            m = self.words.next() * bound
            low = m & MASK32
            if not (low < bound and low < (2 ** 32 - bound) % bound):
                return m >> 32


def shuffle(items, words):
    """Forward Fisher-Yates: position i (0 .. n-2) swaps with i + a uniform index in [0, n - i)."""
    a = list(items)
    n = len(a)
    drawer = IndexDrawer(words)
    for i in range(n - 1):
        j = i + drawer.next(n - i)
        a[i], a[j] = a[j], a[i]
    return a



# --- strict JSON: duplicate keys refused, numbers read as JavaScript reads them -------------------

def _pairs(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            raise Reject("format", "duplicate key %r" % k[:64])
        out[k] = v
    return out


def _number(text):
    # JSON numbers are IEEE-754 doubles in JavaScript: an integral value is an integer whatever
    # its spelling ("1.0" is 1), and it is "safe" only up to 2^53 - 1.
    x = float(text)
    if math.isfinite(x) and x.is_integer() and abs(x) <= MAX_SAFE:
        return int(x)
    return x


def _constant(name):
    raise Reject("format", "%s is not JSON" % name)


def parse_json(text):
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_float=_number, parse_int=_number,
                          parse_constant=_constant)
    except Reject:
        raise
    except (ValueError, RecursionError) as e:
        raise Reject("format", "not valid JSON (%s)" % str(e)[:80])


def _depth_ok(v, depth=0):
    if depth > 64:
        raise Reject("format", "nesting too deep")
    if isinstance(v, dict):
        for x in v.values():
            _depth_ok(x, depth + 1)
    elif isinstance(v, list):
        for x in v:
            _depth_ok(x, depth + 1)


# --- field checks (docs/FAIR.md sections 3 and 9) -------------------------------------------------

HEX64 = re.compile(r"[0-9a-f]{64}\Z")
KEY = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}\Z")
HIDDEN = {"Cc", "Cf", "Zl", "Zp"}


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def is_num(v):
    return (is_int(v) or isinstance(v, float)) and not isinstance(v, bool)


def utf8(s):
    try:
        return s.encode("utf-8")
    except UnicodeEncodeError:
        raise Reject("format", "a string is not well-formed Unicode (lone surrogate)")


def obj(v, where, keys=None, required=()):
    if not isinstance(v, dict):
        raise Reject(where, "must be an object")
    if keys is not None:
        for k in v:
            if k not in keys:
                raise Reject(where, "has an unknown field %r" % k[:64])
    for k in required:
        if k not in v:
            raise Reject(where, "has no field %r" % k)
    return v


def arr(v, where):
    if not isinstance(v, list):
        raise Reject(where, "must be an array")
    return v


def text(v, where):
    # every string of a transcript is at most MAX_TEXT UTF-8 bytes (section 3), checked when read
    if not isinstance(v, str) or v == "":
        raise Reject(where, "must be a non-empty string")
    if len(utf8(v)) > MAX_TEXT:
        raise Reject(where, "is longer than %d UTF-8 bytes" % MAX_TEXT)
    return v


bounded = text


def ident(v, where):
    bounded(v, where)
    if unicodedata.normalize("NFC", v) != v:
        raise Reject(where, "is not in Unicode normalization form C")
    for ch in v:
        if unicodedata.category(ch) in HIDDEN:
            raise Reject(where, "contains the control or format character U+%04X" % ord(ch))
    return v


def hex32(v, where):
    if not isinstance(v, str) or not HEX64.match(v):
        raise Reject(where, "must be 64 lowercase hex characters")
    return bytes.fromhex(v)


def hand_number(v):
    if not is_int(v) or v < 0 or v > MAX_SAFE:
        raise Reject("hand", "must be a non-negative integer")
    return v


def options_value(v, where):
    if isinstance(v, bool):
        return v
    if isinstance(v, str) and all(ord(c) <= 0xFFFF and not 0xD800 <= ord(c) <= 0xDFFF for c in v) \
            and len(v.encode("utf-8", "surrogatepass")) <= MAX_TEXT:
        return v
    if is_int(v) or (isinstance(v, float) and math.isfinite(v) and not v.is_integer()):
        return v
    raise Reject(where, "must be a string, a number or a boolean")


def utf8_key(s):
    return utf8(s)


# --- canonical encoding (docs/FAIR.md section 3) --------------------------------------------------

def u8(v): return struct.pack(">B", v)
def u32(v): return struct.pack(">I", v)
def u64(v): return struct.pack(">Q", v)
def blob(b): return u32(len(b)) + b
def enc(s): return blob(utf8(s))


def options_bytes(options):
    out = u32(len(options))
    for key in sorted(options, key=utf8_key):
        if not KEY.match(key):
            raise Reject("options", "option name %r is not an identifier" % key[:64])
        value = options[key]
        out += enc(key)
        if isinstance(value, bool):  # before int: bool is an int in Python
            out += u8(0x62) + u8(1 if value else 0)
        elif is_int(value):
            out += u8(0x69) + enc(str(value))
        elif isinstance(value, float):  # a fraction: its IEEE-754 binary64 bytes, big-endian
            out += u8(0x66) + struct.pack(">d", value)
        else:
            out += u8(0x73) + enc(value)
    return out


def seating_bytes(seating):
    if seating == "roster":
        return u8(0x72)
    out = u8(0x73) + u32(len(seating))
    for p in seating:
        out += u8(0) if p is None else u8(1) + enc(p)
    return out


def header_bytes(t):
    return (enc(V2) + enc(t["table"]) + u64(t["hand"])
            + blob(b"" if t["prev"] is None else bytes.fromhex(t["prev"]))
            + enc(t["preset"]) + options_bytes(t["options"]) + seating_bytes(t["seating"]))


def sha(b):
    return hashlib.sha256(b).digest()


def server_commitment_v2(t, seed):
    return sha(enc("fairdeal-v2/commit/server") + header_bytes(t) + blob(seed))


def client_commitment_v2(cs, player, salt, seed):
    return sha(enc("fairdeal-v2/commit/client") + blob(cs) + enc(player) + blob(salt) + enc(seed))


def by_player(entries):
    return sorted(entries, key=lambda e: utf8(e["player"]))


def roster_hash(cs, roster):
    msg = enc("fairdeal-v2/roster") + blob(cs) + u32(len(roster))
    for e in by_player(roster):
        msg += enc(e["player"]) + blob(bytes.fromhex(e["commitment"]))
    return sha(msg)


def key_message_v2(cs, rh, deck, roster, reveals, plain):
    msg = enc("fairdeal-v2/deck-key") + blob(cs) + blob(rh) + u32(len(deck))
    msg += b"".join(enc(bounded(c, "card")) for c in deck)
    seeds = dict((r["player"], r["seed"]) for r in reveals)
    msg += u32(len(roster))
    for e in by_player(roster):
        msg += enc(e["player"])
        msg += u8(0) if e["player"] not in seeds else u8(1) + enc(bounded(seeds[e["player"]], "seed"))
    msg += u8(0) if plain is None else u8(1) + enc(plain["player"]) + enc(bounded(plain["seed"], "seed"))
    return msg


def transcript_hash_v2(t, rh):
    msg = enc("fairdeal-v2/transcript") + header_bytes(t)
    msg += blob(bytes.fromhex(t["server"]["commitment"])) + blob(bytes.fromhex(t["server"]["seed"]))
    msg += blob(rh) + u32(len(t["reveals"]))
    for r in t["reveals"]:
        msg += enc(r["player"]) + enc(r["seed"]) + blob(bytes.fromhex(r["salt"]))
    p = t["plain"]
    msg += u8(0) if p is None else u8(1) + enc(p["player"]) + enc(p["seed"])
    msg += u32(len(t["cards"])) + b"".join(enc(c["card"]) + enc(c["to"]) for c in t["cards"])
    return sha(msg)


# v1 (docs/FAIR.md Appendix A)

def server_commitment_v1(table, hand, seed):
    return sha(enc("fairdeal-v1/commit/server") + enc(table) + u64(hand) + blob(seed))


def client_commitment_v1(table, hand, player, salt, seed):
    return sha(enc("fairdeal-v1/commit/client") + enc(table) + u64(hand) + enc(player) + blob(salt) + enc(seed))


def key_message_v1(table, hand, preset, options, deck, clients):
    msg = enc("fairdeal-v1/deck-key") + enc(bounded(table, "table")) + u64(hand)
    msg += enc(bounded(preset, "preset")) + options_bytes(options)
    msg += u32(len(deck)) + b"".join(enc(bounded(c, "card")) for c in deck)
    cs = by_player(clients)
    msg += u32(len(cs)) + b"".join(enc(bounded(c["player"], "player")) + enc(bounded(c["seed"], "seed")) for c in cs)
    return msg


def transcript_hash_v1(t):
    msg = enc("fairdeal-v1/transcript") + enc(t["algorithm"]) + enc(t["table"]) + u64(t["hand"])
    msg += blob(b"" if t["prev"] is None else bytes.fromhex(t["prev"]))
    msg += enc(t["preset"]) + options_bytes(t["options"])
    msg += blob(bytes.fromhex(t["server"]["commitment"])) + blob(bytes.fromhex(t["server"]["seed"]))
    msg += u32(len(t["clients"]))
    for c in t["clients"]:
        msg += enc(c["player"]) + enc(c["seed"])
        if "commitment" in c:
            msg += u8(1) + blob(bytes.fromhex(c["salt"])) + blob(bytes.fromhex(c["commitment"]))
        else:
            msg += u8(0)
    msg += u32(len(t["cards"])) + b"".join(enc(c["card"]) + enc(c["to"]) for c in t["cards"])
    return sha(msg)


# --- decks, presets and dealing (docs/FAIR.md sections 4, 7 and 8) --------------------------------

RANKS = "A23456789TJQK"
SUITS = "SDCH"
NAMED_DECKS = {  # name: (ranks kept, jokers, copies)
    "standard-52": (RANKS, False, 1),
    "standard-54": (RANKS, True, 1),
    "euchre-24": ("9TJQKA", False, 1),
    "piquet-32": ("789TJQKA", False, 1),
    "stripped-36": ("6789TJQKA", False, 1),
    "pinochle-48": ("9TJQKA", False, 2),
    "double-104": (RANKS, False, 2),
    "double-108": (RANKS, True, 2),
}
SORTS = ["doudizhu", "guandan", "shengji", "bridge", "suit", "poker", "skat", "euchre",
         "pinochle", "rummy", "none"]


def build_deck(name, copies=None, remove=()):
    ranks, jokers, n = NAMED_DECKS[name]
    deck = []
    for copy in range(1, (copies or n) + 1):
        suffix = "" if copy == 1 else "#%d" % copy
        cards = [r + s for s in SUITS for r in RANKS if r in ranks]
        if jokers:
            cards += ["BJ", "RJ"]
        deck += [c + suffix for c in cards if c not in remove]
    return deck


def ones(laps):
    return ("hands", [1], laps)


HOLDEM_TAIL = [("burns", 1), ("board", 3), ("burns", 1), ("board", 1), ("burns", 1), ("board", 1)]
# name: deck, (default, min, max) seats, steps, {seats: (removed cards, steps)}, options, dealer option
PRESETS = {
    "doudizhu": ("standard-54", (3, 3, 3), [ones(17), ("kitty", 3)], {}, [], True),
    "doudizhu-4p": ("double-108", (4, 4, 4), [ones(25), ("kitty", 8)], {}, [], True),
    "shengji": ("double-108", (4, 4, 4), [ones(25), ("kitty", 8)], {}, ["level", "trump"], True),
    "guandan": ("double-108", (4, 4, 4), [ones(27)], {}, ["level"], True),
    "big-two": ("standard-52", (4, 3, 4), [ones(13)], {3: ((), [ones(17), ("kitty", 1)])}, [], True),
    "holdem": ("standard-52", (6, 2, 10), [ones(2)] + HOLDEM_TAIL, {}, [], True),
    "omaha": ("standard-52", (6, 2, 10), [ones(4)] + HOLDEM_TAIL, {}, [], True),
    "blackjack": ("standard-52", (2, 2, 8), [("burns", 1), ones(2)], {}, ["decks", "penetration"], False),
    "bridge": ("standard-52", (4, 4, 4), [ones(13)], {}, ["boardNumber"], False),
    "hearts": ("standard-52", (4, 3, 5), [ones(13)],
               {3: (("2D",), [ones(17)]), 5: (("2D", "2C"), [ones(10)])}, [], True),
    "spades": ("standard-52", (4, 4, 4), [ones(13)], {}, [], True),
    "euchre": ("euchre-24", (4, 4, 4), [("hands", [3, 2], 1), ("hands", [2, 3], 1), ("kitty", 4)],
               {}, ["trump"], True),
    "skat": ("piquet-32", (3, 3, 3), [("hands", [3], 1), ("kitty", 2), ("hands", [4], 1), ("hands", [3], 1)],
             {}, ["trump"], True),
    "pinochle": ("pinochle-48", (4, 4, 4), [("hands", [3], 4)], {}, [], True),
    "gin-rummy": ("standard-52", (2, 2, 2), [ones(10), ("board", 1)], {}, [], True),
    "rummy": ("standard-52", (4, 2, 6), [ones(7), ("board", 1)],
              {2: ((), [ones(10), ("board", 1)]), 5: ((), [ones(6), ("board", 1)]),
               6: ((), [ones(6), ("board", 1)])}, [], True),
    "custom": ("standard-52", (4, 1, 52), [], {}, ["deck", "handSize", "kitty", "boardCards", "sort"], True),
}
SPECIFIC = {"boardNumber", "decks", "penetration", "level", "trump", "handSize", "kitty", "boardCards",
            "deck", "sort"}


def integer(options, name, lo, hi, default):
    if name not in options:
        return default
    v = options[name]
    if not is_int(v) or v < lo or v > hi:
        raise Reject("options", "%s must be an integer from %d to %d" % (name, lo, hi))
    return v


def resolve(preset, options):
    """(canonical options, canonical deck, route of the deck) of a preset with options as given,
    checked as docs/FAIR.md section 4 says; Reject for anything else."""
    if not isinstance(preset, str) or preset not in PRESETS:
        raise Reject("preset", "unknown preset %r" % (preset[:64] if isinstance(preset, str) else preset))
    deck_name, (s_default, s_min, s_max), steps, variants, accepted, dealer_option = PRESETS[preset]
    for key in options:
        if key in ("seed", "source"):
            raise Reject("options.%s" % key, "is not allowed in a fair deal")
        if key in ("seats", "dealer"):
            continue
        if key not in SPECIFIC or key not in accepted:
            raise Reject("options", "option %r does not apply to %s" % (key[:64], preset))
    if "dealer" in options and not dealer_option:
        raise Reject("options", "option 'dealer' does not apply to %s" % preset)
    seats = integer(options, "seats", s_min, s_max, s_default)
    removed, steps = variants.get(seats, ((), steps))
    copies = None
    dealer = integer(options, "dealer", 0, seats - 1, seats - 1)
    canon = {"seats": seats}
    cut = None
    if "boardNumber" in accepted:
        board = integer(options, "boardNumber", 1, MAX_SAFE, 1)
        dealer = (board - 1) % 4
        canon["boardNumber"] = board
    if "level" in accepted:
        level = options.get("level", "2")
        level = "T" if level == "10" else level
        if not isinstance(level, str) or len(level) != 1 or level not in RANKS:
            raise Reject("options", "bad level")
        canon["level"] = level
    if "trump" in accepted:
        allowed = ["grand", "null", "S", "H", "D", "C"] if preset == "skat" else ["none", "S", "H", "D", "C"]
        trump = options.get("trump", allowed[0])
        if not isinstance(trump, str) or trump not in allowed:
            raise Reject("options", "bad trump")
        canon["trump"] = trump
    if "decks" in accepted:
        copies = integer(options, "decks", 1, 8, 6)
        p = options.get("penetration", 0.75)
        if not is_num(p) or not (0.25 <= p <= 1):
            raise Reject("options", "penetration must be from 0.25 to 1")
        canon["decks"] = copies
        canon["penetration"] = p
        cut = math.floor(p * 52 * copies + 0.5)  # JavaScript's Math.round, exact in this range
    if "deck" in accepted:
        deck_name = options.get("deck", "standard-52")
        if not isinstance(deck_name, str) or deck_name not in NAMED_DECKS:
            raise Reject("options", "unknown deck")
        size = len(build_deck(deck_name))
        kitty = integer(options, "kitty", 0, size, 0)
        board = integer(options, "boardCards", 0, size, 0)
        hand = integer(options, "handSize", 0, size, (size - kitty - board) // seats)
        sort = options.get("sort", "suit")
        if not isinstance(sort, str) or sort not in SORTS:
            raise Reject("options", "unknown sort order")
        steps = ([ones(hand)] if hand > 0 else []) + ([("kitty", kitty)] if kitty > 0 else []) \
            + ([("board", board)] if board > 0 else [])
        canon.update({"deck": deck_name, "handSize": hand, "kitty": kitty, "boardCards": board, "sort": sort})
    if dealer_option:
        canon["dealer"] = dealer
    deck = build_deck(deck_name, copies, removed)
    route = []
    first = (dealer + 1) % seats
    for step in steps:
        if step[0] == "hands":
            _, packets, laps = step
            for _lap in range(laps):
                for k in range(seats):
                    route += ["hand:%d" % ((first + k) % seats)] * packets[k % len(packets)]
        else:
            route += [step[0]] * step[1]
    if len(route) > len(deck):
        raise Reject("options", "%s with %d seats needs %d cards, the deck has %d" % (preset, seats, len(route), len(deck)))
    if cut is not None and cut < len(route):
        raise Reject("options", "penetration puts the cut card inside the first deal")
    route += ["stock"] * (len(deck) - len(route))
    return canon, deck, route


def deal(key, deck, route):
    return [{"card": c, "to": to} for c, to in zip(shuffle(deck, Words(key)), route)]


def compare_cards(got, want):
    if len(got) != len(want):
        raise Reject("cards", "the transcript lists %d cards, the seeds deal %d" % (len(got), len(want)))
    for i, (g, w) in enumerate(zip(got, want)):
        if g["card"] != w["card"]:
            raise Reject("cards[%d]" % i, "card at position %d is %s, the seeds give %s" % (i, g["card"][:16], w["card"]))
        if g["to"] != w["to"]:
            raise Reject("cards[%d].to" % i, "wrong destination %s, the preset deals it to %s" % (g["to"][:16], w["to"]))


def same(a, b):
    return hmac.compare_digest(a, b)


# --- parsing and verifying one transcript ---------------------------------------------------------

TOP_V1 = ["algorithm", "table", "hand", "prev", "preset", "options", "server", "clients", "cards", "hash"]
TOP_V2 = ["algorithm", "table", "hand", "prev", "preset", "options", "seating", "server", "roster",
          "reveals", "plain", "cards", "hash"]


def parse_common(t, top):
    obj(t, "transcript", top, top)
    ident(t["table"], "table")
    hand_number(t["hand"])
    if t["prev"] is not None:
        hex32(t["prev"], "prev")
    text(t["preset"], "preset")
    for k, v in obj(t["options"], "options").items():
        # option names are checked when read (section 3), so "__proto__" is refused by name here,
        # exactly where the TypeScript parser refuses it; "constructor" is an unknown option later
        if not KEY.match(k):
            raise Reject("options.%s" % k[:64], "is not an option name")
        options_value(v, "options.%s" % k[:64])
    obj(t["server"], "server", ["commitment", "seed"], ["commitment", "seed"])
    hex32(t["server"]["commitment"], "server.commitment")
    hex32(t["server"]["seed"], "server.seed")
    for i, c in enumerate(arr(t["cards"], "cards")):
        obj(c, "cards[%d]" % i, ["card", "to"], ["card", "to"])
        text(c["card"], "cards[%d].card" % i)
        text(c["to"], "cards[%d].to" % i)
    hex32(t["hash"], "hash")


def strictly_sorted(entries, where):
    for i in range(1, len(entries)):
        if utf8(entries[i - 1]["player"]) >= utf8(entries[i]["player"]):
            raise Reject("%s[%d]" % (where, i), "not in canonical order (sorted by player id, no duplicates)")


def verify_v2(t):
    parse_common(t, TOP_V2)
    seating = t["seating"]
    if seating != "roster":
        for i, p in enumerate(arr(seating, "seating")):
            if p is not None:
                ident(p, "seating[%d]" % i)
    for i, e in enumerate(arr(t["roster"], "roster")):
        obj(e, "roster[%d]" % i, ["player", "commitment"], ["player", "commitment"])
        ident(e["player"], "roster[%d].player" % i)
        hex32(e["commitment"], "roster[%d].commitment" % i)
    for i, r in enumerate(arr(t["reveals"], "reveals")):
        obj(r, "reveals[%d]" % i, ["player", "seed", "salt"], ["player", "seed", "salt"])
        ident(r["player"], "reveals[%d].player" % i)
        bounded(r["seed"], "reveals[%d].seed" % i)
        hex32(r["salt"], "reveals[%d].salt" % i)
    if t["plain"] is not None:
        obj(t["plain"], "plain", ["player", "seed"], ["player", "seed"])
        ident(t["plain"]["player"], "plain.player")
        bounded(t["plain"]["seed"], "plain.seed")
    canon, deck, route = resolve(t["preset"], t["options"])
    if options_bytes(canon) != options_bytes(t["options"]):
        raise Reject("options", "not in canonical form, expected %s" % json.dumps(canon, sort_keys=True))
    seats = canon["seats"]
    if seating == "roster":
        if len(t["roster"]) != seats:
            raise Reject("seating", "seating by roster needs %d players in the roster" % seats)
    else:
        if len(seating) != seats:
            raise Reject("seating", "lists %d seats, the deal has %d" % (len(seating), seats))
        bound = [p for p in seating if p is not None]
        if len(set(bound)) != len(bound):
            raise Reject("seating", "a player has two seats")
    seed = bytes.fromhex(t["server"]["seed"])
    cs = bytes.fromhex(t["server"]["commitment"])
    if not same(server_commitment_v2(t, seed), cs):
        raise Reject("server.commitment", "the server seed and the header do not match the server commitment")
    strictly_sorted(t["roster"], "roster")
    strictly_sorted(t["reveals"], "reveals")
    committed = dict((e["player"], bytes.fromhex(e["commitment"])) for e in t["roster"])
    for i, r in enumerate(t["reveals"]):
        if r["player"] not in committed:
            raise Reject("reveals[%d]" % i, "revealed but not in the roster")
        got = client_commitment_v2(cs, r["player"], bytes.fromhex(r["salt"]), r["seed"])
        if not same(got, committed[r["player"]]):
            raise Reject("reveals[%d].commitment" % i, "the seed of %r does not match the commitment" % r["player"])
    if t["plain"] is not None and t["roster"]:
        raise Reject("plain", "a plain (uncommitted) seed is refused when players committed")
    rh = roster_hash(cs, t["roster"])
    key = hmac.new(seed, key_message_v2(cs, rh, deck, t["roster"], t["reveals"], t["plain"]), hashlib.sha256).digest()
    compare_cards(t["cards"], deal(key, deck, route))
    if not same(transcript_hash_v2(t, rh).hex().encode(), t["hash"].encode()):
        raise Reject("hash", "the hash field does not match the content")
    revealed = set(r["player"] for r in t["reveals"])
    return {"contributors": len(t["reveals"]) + (0 if t["plain"] is None else 1),
            "missing": [e["player"] for e in t["roster"] if e["player"] not in revealed]}


def verify_v1(t):
    parse_common(t, TOP_V1)
    for i, c in enumerate(arr(t["clients"], "clients")):
        where = "clients[%d]" % i
        obj(c, where, ["player", "seed", "commitment", "salt"], ["player", "seed"])
        ident(c["player"], where + ".player")
        text(c["seed"], where + ".seed")
        if ("commitment" in c) != ("salt" in c):
            raise Reject(where, "must have both commitment and salt, or neither")
        if "commitment" in c:
            hex32(c["commitment"], where + ".commitment")
            hex32(c["salt"], where + ".salt")
    seed = bytes.fromhex(t["server"]["seed"])
    if not same(server_commitment_v1(t["table"], t["hand"], seed), bytes.fromhex(t["server"]["commitment"])):
        raise Reject("server.commitment", "the server seed does not match the server commitment")
    strictly_sorted(t["clients"], "clients")
    for i, c in enumerate(t["clients"]):
        if "commitment" not in c:
            if len(t["clients"]) > 1:
                raise Reject("clients[%d]" % i, "a plain (uncommitted) seed in a hand with several clients")
            continue
        got = client_commitment_v1(t["table"], t["hand"], c["player"], bytes.fromhex(c["salt"]), c["seed"])
        if not same(got, bytes.fromhex(c["commitment"])):
            raise Reject("clients[%d].commitment" % i, "the seed of %r does not match the commitment" % c["player"])
    _canon, deck, route = resolve(t["preset"], t["options"])
    options_bytes(t["options"])
    msg = key_message_v1(t["table"], t["hand"], t["preset"], t["options"], deck, t["clients"])
    key = hmac.new(seed, msg, hashlib.sha256).digest()
    compare_cards(t["cards"], deal(key, deck, route))
    if not same(transcript_hash_v1(t).hex().encode(), t["hash"].encode()):
        raise Reject("hash", "the hash field does not match the content")
    return {"contributors": len(t["clients"]), "missing": []}


def verify(value):
    """Verdict dict of one transcript (a parsed value); Reject if it does not verify."""
    _depth_ok(value)
    if not isinstance(value, dict):
        raise Reject("transcript", "must be an object")
    algorithm = value.get("algorithm")
    if algorithm == V3:
        return verify_v3(value)  # its verdict is its own (V3.9)
    if algorithm == V2:
        verdict = verify_v2(value)
    elif algorithm == V1:
        verdict = verify_v1(value)
    else:
        raise Reject("algorithm", "must be %s, %s or %s" % (V3, V2, V1))
    verdict["version"] = algorithm
    verdict["fairness"] = "players-contributed" if verdict["contributors"] > 0 else "dealer-alone"
    return verdict


def too_large(s):
    # UTF-8 bytes of the text as given; a lone surrogate counts 3, as in JavaScript's TextEncoder
    return len(s) > MAX_TRANSCRIPT or len(s.encode("utf-8", "surrogatepass")) > MAX_TRANSCRIPT


def verify_text(s):
    if too_large(s):
        raise Reject("format", "larger than 16 MiB: not read")
    try:
        return verify(parse_json(s))
    except Reject:
        raise
    except Exception as e:  # never a crash on hostile input: anything unexpected is a refusal
        raise Reject("format", "cannot be checked (%s)" % type(e).__name__)


def chain_links(items):
    """Problems of the links between verified transcripts [(name, transcript)], in order. A chain
    may go from v1 to v2 once, never back (section 10, "Chains"): v1 binds neither options nor
    seating, so a v1 hand after a v2 hand is a downgrade."""
    out = []
    seen_v2 = False
    for name, t in items:
        if t["algorithm"] == V1 and seen_v2:
            out.append("%s: a fairdeal-v1 hand after a fairdeal-v2 hand (a chain never goes back to v1)" % name)
        seen_v2 = seen_v2 or t["algorithm"] == V2
    for (_, a), (name, b) in zip(items, items[1:]):
        if b["table"] != a["table"]:
            out.append("%s: table differs from the previous hand" % name)
        if b["hand"] != a["hand"] + 1:
            out.append("%s: hand %d does not follow hand %d" % (name, b["hand"], a["hand"]))
        if b["prev"] != a["hash"]:
            out.append("%s: prev does not link to the previous hash" % name)
    return out


def printable(s):
    return "".join(c if unicodedata.category(c) not in HIDDEN and c != "\\" else
                   ("\\\\" if c == "\\" else "\\u{%x}" % ord(c)) for c in s)


# =================================================================================================
# fairdeal-v3 (docs/FAIR.md, the part "fairdeal-v3 -- every seat signs, every reveal counts")
# =================================================================================================
# Written from sections V3.3-V3.9 and the v2 sections they reuse (3 encoding, 4 options, 7 deck,
# 8 deal). Only Ed25519 comes from outside the standard library, and only when a v3 record is
# checked: v1 and v2 never need it.

V3 = "fairdeal-v3"
MODES = ("fair", "practice")
KINDS = ("dealt", "void")
VOID_REASONS = ("withheld", "kicked")
HEX128 = re.compile(r"[0-9a-f]{128}\Z")


# --- Ed25519 (V3.3): pyca/cryptography, imported on first use ------------------------------------

class NoEd25519(BaseException):
    """Ed25519 is needed and pyca/cryptography is missing. A BaseException on purpose: the
    `except Exception` that turns a crash on hostile input into "does not verify" must not turn
    a missing library into a verdict on the record -- nothing was checked, so the run stops."""


_ED25519 = []


def _ed25519():
    if not _ED25519:
        try:
            from cryptography.exceptions import InvalidSignature
            from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
            from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
        except ImportError:
            raise NoEd25519(
                "fairdeal-v3 records are signed with Ed25519 (RFC 8032), which the Python standard "
                "library does not have: install pyca/cryptography (pip install cryptography, or the "
                "Debian package python3-cryptography). Nothing was verified.")
        # only APIs of pyca/cryptography 2.6 and later (Debian's python3-cryptography among them)
        _ED25519.extend([Ed25519PublicKey, Ed25519PrivateKey, InvalidSignature, (Encoding.Raw, PublicFormat.Raw)])
    return _ED25519


def ed25519_verify(public, message, signature):
    """True when `signature` (64 bytes) is `public`'s (32 bytes) signature of `message`, pure
    Ed25519 (RFC 8032 section 5.1.7: OpenSSL, under pyca, refuses S >= L and bad encodings)."""
    public_key, _private_key, invalid, _raw = _ed25519()
    try:
        public_key.from_public_bytes(public).verify(signature, message)
        return True
    except (invalid, ValueError):  # ValueError: 32 bytes that are not a public key
        return False


def ed25519_sign(private, message):
    """The vectors' private keys are published, so their signatures can be recomputed (RFC 8032
    signatures are deterministic): (public key, signature)."""
    _public_key, private_key, _invalid, raw = _ed25519()
    key = private_key.from_private_bytes(private)
    return key.public_key().public_bytes(*raw), key.sign(message)


# Group order of edwards25519 (RFC 8032 section 5.1): a signature with S >= L must be refused.
ED25519_L = 2 ** 252 + 27742317777372353535851937790883648493


def ed25519_strict_self_test(r, public, message, signature):
    """The installed library must refuse a signature made malleable by adding L to S (RFC 8032
    5.1.7, V3.3); one that accepts it is not the Ed25519 the spec asks for."""
    s = int.from_bytes(signature[32:], "little") + ED25519_L  # S < L < 2^253, so S + L fits 32 bytes
    malleable = signature[:32] + s.to_bytes(32, "little")
    r.expect("Ed25519 refuses S + L (RFC 8032 5.1.7)", ed25519_verify(public, message, malleable), False)


# --- v3 encoding (V3.4-V3.7) ----------------------------------------------------------------------

def opt(x):
    return u8(0) if x is None else u8(1) + x


def unhex(s):
    return b"" if s is None else bytes.fromhex(s)


def header_v3(t):
    out = (enc(V3) + enc(t["mode"]) + enc(t["table"]) + u64(t["hand"]) + blob(unhex(t["prev"]))
           + enc(t["preset"]) + options_bytes(t["options"]) + blob(unhex(t["dealer"])) + u32(len(t["seats"])))
    for s in t["seats"]:
        out += enc(s["player"]) + blob(unhex(s["key"]))
    return out


def server_commitment_v3(header, seed):
    return sha(enc("fairdeal-v3/commit/server") + header + blob(seed))


def seat_commitment_v3(cs, k, salt, seed):
    return sha(enc("fairdeal-v3/commit/client") + blob(cs) + u32(k) + blob(salt) + enc(seed))


def roster_hash_v3(cs, commitments):
    return sha(enc("fairdeal-v3/roster") + blob(cs) + u32(len(commitments)) + b"".join(blob(c) for c in commitments))


def key_message_v3(cs, rh, deck, seeds):
    return (enc("fairdeal-v3/deck-key") + blob(cs) + blob(rh) + u32(len(deck)) + b"".join(enc(c) for c in deck)
            + u32(len(seeds)) + b"".join(enc(s) for s in seeds))


def announce_message(header, cs, at):
    return enc("fairdeal-v3/sign/announce") + header + blob(cs) + u64(at)


def commit_message(cs, k, ck):
    return enc("fairdeal-v3/sign/commit") + blob(cs) + u32(k) + blob(ck)


def roster_message(cs, rh, at):
    return enc("fairdeal-v3/sign/roster") + blob(cs) + blob(rh) + u64(at)


def reveal_message(cs, rh, k, salt, seed):
    return enc("fairdeal-v3/sign/reveal") + blob(cs) + blob(rh) + u32(k) + blob(salt) + enc(seed)


def receipt_message(cs, kind, k, seat_signature, at):
    return enc("fairdeal-v3/sign/receipt") + blob(cs) + enc(kind) + u32(k) + blob(seat_signature) + u64(at)


def transcript_message(h):
    return enc("fairdeal-v3/sign/transcript") + blob(h)


def record_hash_v3(t):
    msg = enc("fairdeal-v3/transcript") + enc(t["kind"]) + header_v3(t)
    msg += blob(unhex(t["server"]["commitment"])) + blob(unhex(t["server"]["seed"])) + u64(t["server"]["at"])
    msg += u32(len(t["commits"]))
    for c in t["commits"]:
        msg += opt(None if c is None else blob(unhex(c["commitment"])) + blob(unhex(c["signature"])) + u64(c["at"]))
    ro = t["roster"]
    msg += opt(None if ro is None else blob(unhex(ro["hash"])) + u64(ro["at"]))
    msg += u32(len(t["reveals"]))
    for r in t["reveals"]:
        msg += opt(None if r is None else enc(r["seed"]) + blob(unhex(r["salt"])) + blob(unhex(r["signature"])) + u64(r["at"]))
    if t["kind"] == "dealt":
        msg += u32(len(t["cards"])) + b"".join(enc(c["card"]) + enc(c["to"]) for c in t["cards"])
    else:
        v = t["void"]
        msg += enc(v["reason"]) + u32(len(v["seats"])) + b"".join(u32(k) for k in v["seats"]) + u64(v["at"])
    return sha(msg)


# --- the record's shape (V3.7) --------------------------------------------------------------------

TOP_V3 = ["algorithm", "kind", "mode", "table", "hand", "prev", "preset", "options", "dealer", "seats",
          "server", "commits", "roster", "reveals", "hash", "signature"]


def sig64(v, where):
    if not isinstance(v, str) or not HEX128.match(v):
        raise Reject(where, "must be 128 lowercase hex characters (an Ed25519 signature)")
    return bytes.fromhex(v)


def time_ms(v, where):
    if not is_int(v) or v < 0 or v > MAX_SAFE:
        raise Reject(where, "must be a time: an integer from 0 to 2^53 - 1 (milliseconds)")
    return v


def entries(v, where, keys):
    """An array whose entries are null or objects with exactly `keys`."""
    for i, e in enumerate(arr(v, where)):
        if e is not None:
            obj(e, "%s[%d]" % (where, i), keys, keys)
    return v


def shape_v3(t):
    """V3.7 and step 1 of V3.8: fields, types, texts, hex; nothing about what they mean."""
    kind = obj(t, "transcript").get("kind")
    if kind not in KINDS:
        raise Reject("kind", "must be \"dealt\" or \"void\"")
    top = TOP_V3 + (["cards"] if kind == "dealt" else ["void"])
    obj(t, "transcript", top, top)
    if t["mode"] not in MODES:
        raise Reject("mode", "must be \"fair\" or \"practice\"")
    ident(t["table"], "table")
    hand_number(t["hand"])
    if t["prev"] is not None:
        hex32(t["prev"], "prev")
    text(t["preset"], "preset")
    for k, v in obj(t["options"], "options").items():  # as parse_common does for v1/v2: keep them alike
        if not KEY.match(k):
            raise Reject("options.%s" % k[:64], "is not an option name")
        options_value(v, "options.%s" % k[:64])
    hex32(t["dealer"], "dealer")
    for k, s in enumerate(arr(t["seats"], "seats")):
        obj(s, "seats[%d]" % k, ["player", "key"], ["player", "key"])
        ident(s["player"], "seats[%d].player" % k)
        if s["key"] is not None:
            hex32(s["key"], "seats[%d].key" % k)
    obj(t["server"], "server", ["commitment", "seed", "at"], ["commitment", "seed", "at"])
    hex32(t["server"]["commitment"], "server.commitment")
    hex32(t["server"]["seed"], "server.seed")
    time_ms(t["server"]["at"], "server.at")
    for k, c in enumerate(entries(t["commits"], "commits", ["commitment", "signature", "at"])):
        if c is not None:
            hex32(c["commitment"], "commits[%d].commitment" % k)
            sig64(c["signature"], "commits[%d].signature" % k)
            time_ms(c["at"], "commits[%d].at" % k)
    if t["roster"] is not None:
        obj(t["roster"], "roster", ["hash", "at"], ["hash", "at"])
        hex32(t["roster"]["hash"], "roster.hash")
        time_ms(t["roster"]["at"], "roster.at")
    for k, r in enumerate(entries(t["reveals"], "reveals", ["seed", "salt", "signature", "at"])):
        if r is not None:
            bounded(r["seed"], "reveals[%d].seed" % k)
            hex32(r["salt"], "reveals[%d].salt" % k)
            sig64(r["signature"], "reveals[%d].signature" % k)
            time_ms(r["at"], "reveals[%d].at" % k)
    if kind == "dealt":
        for i, c in enumerate(arr(t["cards"], "cards")):
            obj(c, "cards[%d]" % i, ["card", "to"], ["card", "to"])
            text(c["card"], "cards[%d].card" % i)
            text(c["to"], "cards[%d].to" % i)
    else:
        v = obj(t["void"], "void", ["reason", "seats", "at"], ["reason", "seats", "at"])
        if v["reason"] not in VOID_REASONS:
            raise Reject("void.reason", "must be \"withheld\" or \"kicked\"")
        if arr(v["seats"], "void.seats") == []:
            raise Reject("void.seats", "a void record names at least one seat")
        for i, k in enumerate(arr(v["seats"], "void.seats")):
            if not is_int(k) or k < 0 or k >= len(t["seats"]):
                raise Reject("void.seats[%d]" % i, "must be a seat number from 0 to %d" % (len(t["seats"]) - 1))
            if i > 0 and k <= v["seats"][i - 1]:
                raise Reject("void.seats", "must be ascending, each seat once")
        time_ms(v["at"], "void.at")
    hex32(t["hash"], "hash")
    sig64(t["signature"], "signature")


# --- verifying a record, in the order of V3.8 -----------------------------------------------------

def verify_v3(t):
    """Verdict dict of one v3 record (a parsed value), checked in the normative order of V3.8;
    Reject at the first step that fails."""
    # 1. the shape
    shape_v3(t)
    fair = t["mode"] == "fair"
    seats, commits, reveals, roster = t["seats"], t["commits"], t["reveals"], t["roster"]
    # 2. options canonical for the preset; the seats
    canon, deck, route = resolve(t["preset"], t["options"])
    if options_bytes(canon) != options_bytes(t["options"]):
        raise Reject("options", "not in canonical form, expected %s" % json.dumps(canon, sort_keys=True))
    n = canon["seats"]
    if len(seats) != n:
        raise Reject("seats", "lists %d seats, options.seats is %d" % (len(seats), n))
    players, keys = set(), {t["dealer"]: "the dealer"}
    for k, s in enumerate(seats):
        if s["player"] in players:
            raise Reject("seats[%d].player" % k, "%r has two seats" % s["player"][:64])
        players.add(s["player"])
        if s["key"] is None:
            if fair:
                raise Reject("seats[%d].key" % k, "a fair hand needs every seat's public key")
            continue
        if s["key"] in keys:
            raise Reject("seats[%d]" % k, "the same key as %s: the keys must be pairwise distinct" % keys[s["key"]])
        keys[s["key"]] = "seat %d" % k
    # 3. the server commitment
    header = header_v3(t)
    cs, seed = unhex(t["server"]["commitment"]), unhex(t["server"]["seed"])
    if not same(server_commitment_v3(header, seed), cs):
        raise Reject("server.commitment", "the server seed and the header do not match the server commitment")
    # 4. the mode's shape
    if not fair:
        for field, empty in (("commits", commits == []), ("roster", roster is None), ("reveals", reveals == [])):
            if not empty:
                raise Reject(field, "a practice hand has no commits, roster or reveals")
    elif len(commits) != n:
        raise Reject("commits", "lists %d entries, the hand has %d seats" % (len(commits), n))
    # 5. every seat's signature of its commitment
    for k, c in enumerate(commits):
        if c is not None and not ed25519_verify(unhex(seats[k]["key"]), commit_message(cs, k, unhex(c["commitment"])),
                                                unhex(c["signature"])):
            raise Reject("commits[%d].signature" % k, "not seat %d's signature of its commitment" % k)
    # 6. the roster: every seat committed, R recomputed
    rh = None
    if roster is not None:
        for k, c in enumerate(commits):
            if c is None:
                raise Reject("commits[%d]" % k, "seat %d never committed, yet the roster closed" % k)
        rh = roster_hash_v3(cs, [unhex(c["commitment"]) for c in commits])
        if not same(rh, unhex(roster["hash"])):
            raise Reject("roster.hash", "does not match the commitments")
    # 7. reveals: none before the roster, then one entry per seat, each opening its commitment, signed
    if roster is None and reveals != []:
        raise Reject("reveals", "reveals without a roster: nobody may reveal before every seat committed")
    if roster is not None and len(reveals) != n:
        raise Reject("reveals", "lists %d entries, the hand has %d seats" % (len(reveals), n))
    for k, r in enumerate(reveals):
        if r is None:
            continue
        salt = unhex(r["salt"])
        if not same(seat_commitment_v3(cs, k, salt, r["seed"]), unhex(commits[k]["commitment"])):
            raise Reject("reveals[%d].commitment" % k, "seat %d's seed and salt do not open its commitment" % k)
        if not ed25519_verify(unhex(seats[k]["key"]), reveal_message(cs, rh, k, salt, r["seed"]), unhex(r["signature"])):
            raise Reject("reveals[%d].signature" % k, "not seat %d's signature of its reveal" % k)
    # 8. a dealt fair hand has every seed; a void record names the right seats
    if t["kind"] == "dealt" and fair:
        for k, c in enumerate(commits):
            if c is None:
                raise Reject("commits[%d]" % k, "seat %d never committed, yet the hand was dealt" % k)
        if roster is None:
            raise Reject("roster", "a fair hand was dealt without a roster")
        for k, r in enumerate(reveals):
            if r is None:
                raise Reject("reveals[%d]" % k, "seat %d never revealed, yet the hand was dealt" % k)
    # (that a kicked record names at least one seat is a shape rule: void.seats is never empty)
    if t["kind"] == "void" and t["void"]["reason"] == "withheld":
        gaps = commits if roster is None else reveals
        missing = [k for k, e in enumerate(gaps) if e is None]
        if t["void"]["seats"] != missing:
            raise Reject("void.seats", "names %s, the seats that withheld are %s" % (t["void"]["seats"], missing))
    # 9. times
    start = t["server"]["at"]
    times = [start]
    for field, items in (("commits", commits), ("reveals", reveals)):
        for k, e in enumerate(items):
            if e is not None:
                if e["at"] < start:
                    raise Reject("%s[%d].at" % (field, k), "before the announcement (server.at)")
                if field == "commits" and roster is not None and e["at"] > roster["at"]:
                    raise Reject("%s[%d].at" % (field, k), "after the roster closed (roster.at)")
                if field == "reveals" and e["at"] < roster["at"]:
                    raise Reject("%s[%d].at" % (field, k), "before the roster closed (roster.at)")
                times.append(e["at"])
    if roster is not None:
        if roster["at"] < start:
            raise Reject("roster.at", "before the announcement (server.at)")
        times.append(roster["at"])
    if t["kind"] == "void" and t["void"]["at"] < max(times):
        raise Reject("void.at", "before a step it ends")
    # 10. the deal, from every seat's seed (a fair hand) or the server seed alone (practice)
    if t["kind"] == "dealt":
        if fair:
            msg = key_message_v3(cs, rh, deck, [r["seed"] for r in reveals])
        else:
            msg = key_message_v3(cs, roster_hash_v3(cs, []), deck, [])
        compare_cards(t["cards"], deal(hmac.new(seed, msg, hashlib.sha256).digest(), deck, route))
    # 11. the hash
    h = record_hash_v3(t)
    if not same(h.hex().encode(), t["hash"].encode()):
        raise Reject("hash", "the hash field does not match the content")
    # 12. the dealer's signature of the hash
    if not ed25519_verify(unhex(t["dealer"]), transcript_message(h), unhex(t["signature"])):
        raise Reject("signature", "the record is not signed by the dealer's key")
    if t["kind"] == "void":
        fairness = "void"
    elif not fair:
        fairness = "practice"
    else:
        fairness = "proven-fair" if n >= 2 else "single-seat"
    return {"version": V3, "fairness": fairness, "contributors": n if fairness in ("proven-fair", "single-seat") else 0,
            "missing": []}


# --- the v3 vectors (V3.11) -----------------------------------------------------------------------

HEADER_V3_FIELDS = ["algorithm", "mode", "table", "hand", "prev", "preset", "options", "dealer", "seats"]


def is_v3_vectors(v):
    return isinstance(v, dict) and "ed25519" in v and all(
        isinstance(t, dict) and t.get("algorithm") == V3 for t in v.get("transcripts", [None]))


def check_v3_vectors(r, v):
    """Every record verified in full (signatures included); every signature the vectors publish
    recomputed from its published private key (Ed25519 is deterministic, RFC 8032 5.1.6); the
    announcements, rosters and receipts held to their records; the chain."""
    for i, e in enumerate(v["ed25519"]):
        name = "RFC 8032 7.1 test %d" % (i + 1)
        secret, message, signature = unhex(e["secret"]), unhex(e["message"]), unhex(e["signature"])
        public, signed = ed25519_sign(secret, message)
        r.expect(name + " public key", public.hex(), e["public"])
        r.expect(name + " signature", signed.hex(), e["signature"])
        r.expect(name + " verifies", ed25519_verify(public, message, signature), True)
        flipped = bytes([signature[0] ^ 1]) + signature[1:]
        r.expect(name + " refuses a flipped bit", ed25519_verify(public, message, flipped), False)
        ed25519_strict_self_test(r, public, message, signature)
    private = {}
    parties = [("dealer", v["dealer"])] + [("seat %d" % k, s) for k, s in enumerate(v["seats"])]
    for who, e in parties:
        key = unhex(e["privateKey"])
        r.expect("v3 %s private key is SHA-256 of its label" % who, key.hex(), sha(utf8(e["label"])).hex())
        r.expect("v3 %s public key" % who, ed25519_sign(key, b"")[0].hex(), e["publicKey"])
        private[e["publicKey"]] = key
    counts = {}
    for i, (t, d) in enumerate(zip(v["transcripts"], v["details"])):
        name = "v3 record %d (hand %s)" % (i, t.get("hand"))
        verdict = r.verified(name, t)
        if verdict is None:
            continue
        counts[verdict["fairness"]] = counts.get(verdict["fairness"], 0) + 1
        try:
            check_v3_details(r, name, t, d, v, private)
        except (Reject, KeyError, TypeError, ValueError) as e:
            r.expect(name + " details", "%s: %s" % (type(e).__name__, e), "well-formed")
    r.expect("v3 record per entry of details", len(v["details"]), len(v["transcripts"]))
    dealt_fair = sorted(t["preset"] for t in v["transcripts"] if t["kind"] == "dealt" and t["mode"] == "fair")
    r.expect("v3 chain deals every preset, fair", dealt_fair, sorted(PRESETS))
    r.expect("v3 verdicts", counts, {"proven-fair": len(PRESETS), "void": 3, "practice": 1})
    check_chain(r, "v3", v["transcripts"])


def check_v3_details(r, name, t, d, v, private):
    r.expect(name + " dealer key", t["dealer"], v["dealer"]["publicKey"])
    for k, s in enumerate(t["seats"]):
        r.expect(name + " seat %d player" % k, s["player"], v["seats"][k]["player"])
        if s["key"] is not None:
            r.expect(name + " seat %d key" % k, s["key"], v["seats"][k]["publicKey"])
    cs = unhex(t["server"]["commitment"])
    dealer = unhex(t["dealer"])

    def resigned(what, public_hex, message, signature_hex):
        # a signature that verifies is also recomputed: the vectors pin the exact message bytes
        r.expect(name + " " + what + " verifies", ed25519_verify(unhex(public_hex), message, unhex(signature_hex)), True)
        r.expect(name + " " + what + " recomputed", ed25519_sign(private[public_hex], message)[1].hex(), signature_hex)

    rh = None if t["roster"] is None else unhex(t["roster"]["hash"])
    for k, c in enumerate(t["commits"]):
        if c is not None:
            resigned("commit %d" % k, t["seats"][k]["key"], commit_message(cs, k, unhex(c["commitment"])), c["signature"])
    for k, e in enumerate(t["reveals"]):
        if e is not None:
            resigned("reveal %d" % k, t["seats"][k]["key"],
                     reveal_message(cs, rh, k, unhex(e["salt"]), e["seed"]), e["signature"])
    resigned("record", t["dealer"], transcript_message(unhex(t["hash"])), t["signature"])
    # the announcement, as published before any commitment
    a = d["announcement"]
    r.expect(name + " announcement fields", sorted(a), sorted(HEADER_V3_FIELDS + ["commitment", "at", "signature"]))
    for f in HEADER_V3_FIELDS:
        r.expect(name + " announcement " + f, a[f], t[f])
    r.expect(name + " announcement commitment", a["commitment"], t["server"]["commitment"])
    r.expect(name + " announcement at", a["at"], t["server"]["at"])
    resigned("announcement", t["dealer"], announce_message(header_v3(a), cs, a["at"]), a["signature"])
    # the roster, as published before any reveal
    r.expect(name + " has a published roster", "roster" in d, t["roster"] is not None)
    if "roster" in d:
        ro = d["roster"]
        r.expect(name + " roster fields", sorted(ro), ["at", "commitment", "commits", "hash", "signature"])
        r.expect(name + " roster commitment", ro["commitment"], t["server"]["commitment"])
        r.expect(name + " roster commits", ro["commits"], t["commits"])
        recomputed = roster_hash_v3(cs, [unhex(c["commitment"]) for c in ro["commits"]])
        r.expect(name + " roster hash", ro["hash"], recomputed.hex())
        r.expect(name + " roster hash in the record", ro["hash"], t["roster"]["hash"])
        r.expect(name + " roster at", ro["at"], t["roster"]["at"])
        resigned("roster", t["dealer"], roster_message(cs, recomputed, ro["at"]), ro["signature"])
    # the dealer's receipts: one per commit and per reveal the record holds
    want = [("commit", k) for k, c in enumerate(t["commits"]) if c is not None]
    want += [("reveal", k) for k, e in enumerate(t["reveals"]) if e is not None]
    got = []
    for j, rc in enumerate(d["receipts"]):
        what = "receipt %d" % j
        r.expect(name + " " + what + " fields", sorted(rc), ["at", "commitment", "kind", "seat", "seatSignature", "signature"])
        got.append((rc["kind"], rc["seat"]))
        entry = (t["commits"] if rc["kind"] == "commit" else t["reveals"])[rc["seat"]]
        r.expect(name + " " + what + " commitment", rc["commitment"], t["server"]["commitment"])
        r.expect(name + " " + what + " seat signature", rc["seatSignature"], entry["signature"])
        r.expect(name + " " + what + " at", rc["at"], entry["at"])
        resigned(what, t["dealer"], receipt_message(cs, rc["kind"], rc["seat"], unhex(rc["seatSignature"]), rc["at"]),
                 rc["signature"])
    r.expect(name + " receipts", sorted(got), sorted(want))


# --- verdicts, their words and exit statuses (V3.9), every version ---------------------------------

# exit status of each status; a chain exits with its least proven dealt hand (3 before 4 before 6
# before 0), void records beside dealt hands do not lower it, void records alone exit 5
STATUS_EXIT = {"proven-fair": 0, "single-seat": 4, "practice": 3, "dealer-alone": 3, "house-alone": 3, "void": 5,
               "unsigned": 6}
STATUS_RANK = {"practice": 0, "dealer-alone": 0, "house-alone": 0, "single-seat": 1, "unsigned": 2, "proven-fair": 3}
UNSIGNED = (" — but %s carries no seat signatures, so who took part rests on the dealer's word: not proven fair"
            " to a stranger (fairdeal-v3 proves it)")


def house_seats(t):
    """The seats (0-based) the announcement gives to the house's bots: player ids starting
    house-bot, in any case (docs/FAIR.md, "House seats")."""
    return [k for k, s in enumerate(t.get("seats") or []) if str(s.get("player", "")).lower().startswith("house-bot")]


def seat_words(seats):
    """'seat 2', 'seats 2 and 3', 'seats 1, 2 and 3' (1-based)."""
    n = [str(k + 1) for k in seats]
    return "seat " + n[0] if len(n) == 1 else "seats %s and %s" % (", ".join(n[:-1]), n[-1])


def status_of(verdict, t=None):
    """The CLI status of a verdict: v3 verdicts are their own, except that a dealt hand whose every
    seat is the house's bot is house-alone; a v1/v2 hand is dealer-alone (no player seed),
    single-seat (exactly one plain or revealed seed, V3.9) or unsigned (several)."""
    if verdict["version"] == V3:
        house = house_seats(t) if t is not None else []
        if verdict["fairness"] in ("proven-fair", "single-seat") and house and len(house) == len(t["seats"]):
            return "house-alone"
        return verdict["fairness"]
    return {0: "dealer-alone", 1: "single-seat"}.get(verdict["contributors"], "unsigned")


def seat_name(t, k):
    return "seat %d (%s)" % (k + 1, printable(t["seats"][k]["player"]))


def describe_hand(name, t, verdict):
    """(status, headline, lines, verdict words) of a verified hand, as `fairdeal verify` prints it."""
    status, version = status_of(verdict, t), verdict["version"]
    house = house_seats(t) if version == V3 else []
    what = "void record" if t.get("kind") == "void" else "%d cards" % len(t["cards"])
    first = "%s: table '%s' hand %d, %s, %s (%s)" % (printable(name), printable(t["table"]), t["hand"],
                                                     printable(t["preset"]), what, version)
    missing = ("; never revealed: " + ", ".join(printable(m) for m in verdict["missing"])) if verdict["missing"] else ""
    if status == "proven-fair":
        detail = ("proven fair among %d independently keyed seats: the dealer committed first, every seat signed its "
                  "commitment before any seed was revealed, and every seat's seed decided the deck" % len(t["seats"]))
        if len(house) == 1:
            detail += ("; %s is the house's bot: its seed is the house's; the deal is fair to you if your own seed was"
                       % seat_words(house))
        elif house:
            detail += ("; %s are the house's bots: their seeds are the house's; the deal is fair to you if your own "
                       "seed was" % seat_words(house))
    elif status == "house-alone":
        detail = ("every seat is the house's bot (%s): every seed was the house's, so the house alone chose the deck "
                  "— not proven fair" % seat_words(house))
    elif status == "single-seat" and version == V3:
        detail = ("dealt from one seat's seed (%s): the dealer could not choose the deck against that seat's key, but "
                  "nobody else's seed counted — not proven fair among players" % seat_name(t, 0))
    elif status == "single-seat":
        detail = ("consistent, one player seed (%s, unsigned): the dealer could not choose the deck against that one "
                  "party, and it may have been the dealer itself — not proven fair among players%s" % (version, missing))
    elif status == "practice":
        detail = "a practice hand: no seat committed, the dealer alone chose the deck — not proven fair"
    elif status == "void":
        named = ", ".join(seat_name(t, k) for k in t["void"]["seats"])
        did = "withheld its seed" if t["void"]["reason"] == "withheld" else "was kicked by the host"
        detail = "the hand was voided and never dealt: %s %s" % (named, did)
    elif status == "dealer-alone":
        detail = "consistent, but no player seed went into the deck: the dealer alone chose it — not proven fair"
    else:
        detail = "consistent, %d player seeds%s%s" % (verdict["contributors"], missing, UNSIGNED % version)
    if version == V3:
        seats = ", ".join("%d %s%s" % (k + 1, printable(s["player"]), "" if s["key"] is None else " [key %s…]" % s["key"][:16])
                          for k, s in enumerate(t["seats"]))
        last = "seats: " + seats
    elif version == V2:
        seating = [e["player"] for e in by_player(t["roster"])] if t["seating"] == "roster" else t["seating"]
        last = "seats: " + ", ".join("%d %s" % (k + 1, "(unbound)" if p is None else printable(p)) for k, p in enumerate(seating))
    else:
        last = "fairdeal-v1: preset options and seats were not committed"
    headline = {"proven-fair": "PROVEN FAIR", "practice": "PRACTICE", "void": "VOID", "dealer-alone": "DEALER ALONE",
                "unsigned": "CONSISTENT", "house-alone": "HOUSE ALONE",
                "single-seat": "ONE SEAT ONLY" if version == V3 else "ONE PARTY ONLY"}[status]
    words = {"proven-fair": "proven fair", "unsigned": "consistent — not proven fair"}.get(
        status, "%s — not proven fair" % headline.lower())
    return {"status": status, "lines": ["%-12s %s" % (headline, first), " " * 13 + detail, " " * 13 + last],
            "words": words}


def chain_verdict(hands, failed):
    """(last line, exit status) of a run over `hands` (describe_hand results, in order)."""
    if failed or not hands:
        return "verdict: NOT verified", 1
    dealt = [h for h in hands if h["status"] != "void"]
    voids = len(hands) - len(dealt)
    if not dealt:
        return "verdict: void — not proven fair", STATUS_EXIT["void"]
    least = min(dealt, key=lambda h: STATUS_RANK[h["status"]])  # the first of the least proven
    note = " (%d void record(s) in the chain)" % voids if voids else ""
    return "verdict: %s%s" % (least["words"], note), STATUS_EXIT[least["status"]]


def finish(hands, failed):
    """Prints the end of a --transcript run and gives its exit status (V3.9)."""
    if not failed and len(hands) >= 2:
        print("%-12s %d hands linked" % ("CHAIN OK", len(hands)))
    line, status = chain_verdict(hands, failed)
    print(line)
    return status


# =================================================================================================
# end of fairdeal-v3; what follows (vector files, the command line) serves every version
# =================================================================================================

# --- vector files ---------------------------------------------------------------------------------

class Report:
    def __init__(self):
        self.checks = 0
        self.failures = []

    def expect(self, what, got, want):
        self.checks += 1
        if got != want:
            self.failures.append("%s: expected %s, got %s" % (what, str(want)[:200], str(got)[:200]))

    def verified(self, what, t):
        self.checks += 1
        try:
            return verify(t)
        except Reject as e:
            self.failures.append("%s: %s" % (what, e))
            return None


def check_v1_vectors(r, v):
    for c in v["clientCommitments"]:
        got = client_commitment_v1(c["table"], c["hand"], c["player"], bytes.fromhex(c["salt"]), c["seed"])
        r.expect("v1 client commitment of %s" % c["player"], got.hex(), c["commitment"])
    for d in v["decks"]:
        name = "v1 deck vector '%s'" % d["name"]
        seed = bytes.fromhex(d["serverSeed"])
        r.expect(name + " server commitment", server_commitment_v1(d["table"], d["hand"], seed).hex(), d["serverCommitment"])
        _canon, deck, route = resolve(d["preset"], d["options"])
        r.expect(name + " canonical deck", deck, d["canonicalDeck"])
        r.expect(name + " route", route, d["route"])
        msg = key_message_v1(d["table"], d["hand"], d["preset"], d["options"], deck, d["clients"])
        r.expect(name + " key message", msg.hex(), d["keyMessage"])
        key = hmac.new(seed, msg, hashlib.sha256).digest()
        r.expect(name + " key", key.hex(), d["key"])
        r.expect(name + " deck", shuffle(deck, Words(key)), d["deck"])
    check_chain(r, "v1", v["transcripts"])


def check_chain(r, label, transcripts):
    items = []
    for i, t in enumerate(transcripts):
        if r.verified("%s transcript %d" % (label, i), t) is not None:
            items.append(("%s transcript %d" % (label, i), t))
    r.expect(label + " chain starts at prev null", transcripts[0]["prev"], None)
    r.expect(label + " chain links", chain_links(items), [])


def check_v2_vectors(r, v):
    for p in v["presets"]:
        name = "v2 preset %s %s" % (p["preset"], json.dumps(p["given"], sort_keys=True))
        canon, deck, route = resolve(p["preset"], p["given"])
        r.expect(name + " canonical options", canon, p["options"])
        r.expect(name + " canonical deck", deck, p["canonicalDeck"])
        r.expect(name + " route", route, p["route"])
    r.expect("v2 every preset has a vector", sorted(set(p["preset"] for p in v["presets"])), sorted(PRESETS))
    r.expect("v2 chain has every preset", sorted(t["preset"] for t in v["transcripts"]), sorted(PRESETS))
    check_chain(r, "v2", v["transcripts"])
    for t, d in zip(v["transcripts"], v["details"]):
        name = "v2 hand %d" % t["hand"]
        cs = bytes.fromhex(t["server"]["commitment"])
        rh = roster_hash(cs, t["roster"])
        r.expect(name + " roster hash", rh.hex(), d["rosterHash"])
        _canon, deck, _route = resolve(t["preset"], t["options"])
        msg = key_message_v2(cs, rh, deck, t["roster"], t["reveals"], t["plain"])
        r.expect(name + " key message", msg.hex(), d["keyMessage"])
        r.expect(name + " key", hmac.new(bytes.fromhex(t["server"]["seed"]), msg, hashlib.sha256).hexdigest(), d["key"])
    for i, t in enumerate(v["extras"]):
        r.verified("v2 extra %d" % i, t)


def self_test(r):
    # RFC 8439 section 2.3.2: the block function test vector (an external reference).
    words = chacha20_block(bytes(range(32)), 1, bytes.fromhex("000000090000004a00000000"))
    r.expect("RFC 8439 2.3.2 block", struct.pack("<16I", *words).hex()[:32], "10f1e7e4d13b5915500fdd1fa32071c4")


def main(argv):
    if len(argv) == 2 and argv[0] == "--verdicts":
        return print_verdicts(argv[1])
    if argv and argv[0] == "--vectors":
        if len(argv) < 2:
            return usage("--vectors needs at least one vector file")
        argv = argv[1:]
    elif argv and argv[0].startswith("--") and argv[0] not in ("--corpus", "--transcript"):
        return usage("unknown option %s" % printable(argv[0]))
    if len(argv) == 2 and argv[0] == "--corpus":
        with open(argv[1], encoding="utf-8") as f:
            corpus = json.load(f)
        out = []
        for s in corpus:
            try:
                verify_text(s)
                out.append(True)
            except Reject:
                out.append(False)
        print(json.dumps(out))
        return 0
    if argv and argv[0] == "--transcript":
        items, failed, hands = [], False, []
        if len(argv) < 2:
            return usage("--transcript needs at least one file")
        for path in argv[1:]:
            try:
                with open(path, "rb") as f:
                    data = f.read(MAX_TRANSCRIPT + 1)  # never more than the bound into memory
                if len(data) > MAX_TRANSCRIPT:
                    raise Reject("format", "larger than 16 MiB: not read")
                value = parse_json(data.decode("utf-8"))
            except (OSError, UnicodeDecodeError) as e:
                print("FAIL %s: cannot read (%s)" % (printable(path), type(e).__name__))
                failed = True
                continue
            except Reject as e:
                print("FAIL %s: %s" % (printable(path), printable(str(e))))
                failed = True
                continue
            entries = [(path, value, None)]
            if isinstance(value, list):  # a file may hold a list of transcripts
                entries = [("%s[%d]" % (path, i), v, None) for i, v in enumerate(value)]
                if not entries:
                    print("FAIL %s: an empty list, nothing to verify" % printable(path))
                    failed = True
            elif isinstance(value, dict) and sorted(value) == ["commitment", "deal", "transcript"]:
                # the --json output of `fairdeal deal --fair`: its transcript, held to its commitment
                entries = [(path + " (its transcript)", value["transcript"], value["commitment"])]
            for name, t, announced in entries:
                try:
                    verdict = verify(t)
                    if announced is not None and t["server"]["commitment"] != announced:
                        raise Reject("server.commitment", "not the commitment that was announced")
                except Reject as e:
                    print("FAIL %s: %s" % (printable(name), printable(str(e))))
                    failed = True
                    continue
                except Exception as e:  # never a crash on hostile input
                    print("FAIL %s: cannot be checked (%s)" % (printable(name), type(e).__name__))
                    failed = True
                    continue
                items.append((name, t))
                hands.append(describe_hand(name, t, verdict))
                print("\n".join(hands[-1]["lines"]))
        for problem in chain_links(items):
            print("FAIL chain " + printable(problem))
            failed = True
        return finish(hands, failed)
    r = Report()
    self_test(r)
    here = os.path.dirname(os.path.abspath(__file__))
    paths = argv or [os.path.join(here, "..", "test", "vectors", n) for n in ("fair-v1.json", "fair-v2.json", "fair-v3.json")]
    for path in paths:
        with open(path, encoding="utf-8") as f:
            v = json.load(f)
        try:
            if is_v3_vectors(v):
                check_v3_vectors(r, v)
            elif v.get("algorithm") == V1:
                check_v1_vectors(r, v)
            elif v.get("algorithm") == V2:
                check_v2_vectors(r, v)
            else:
                r.expect(path + " algorithm", v.get("algorithm"), "fairdeal-v1 or fairdeal-v2, or the v3 vectors")
        except Reject as e:
            r.expect(path, str(e), "no refusal")
    for failure in r.failures:
        print("FAIL " + printable(failure))
    if r.failures:
        print("%d of %d checks failed" % (len(r.failures), r.checks))
        return 1
    print("all %d checks passed" % r.checks)
    return 0


def print_verdicts(path):
    """--verdicts FILE: like --corpus, but each verified text gives its `fairness` (the library's
    verdict.fairness: proven-fair, single-seat, practice, void, players-contributed, dealer-alone)
    and each refused one false, so a test can require the same verdict, not just the same yes/no."""
    with open(path, encoding="utf-8") as f:
        corpus = json.load(f)
    out = []
    for s in corpus:
        try:
            out.append(verify_text(s)["fairness"])
        except Reject:
            out.append(False)
    print(json.dumps(out))
    return 0


def usage(problem):
    sys.stderr.write("verify-fair.py: %s\nUsage:%s\n" % (problem, __doc__.split("Usage:", 1)[1].split("\nExit status", 1)[0]))
    return 2


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except NoEd25519 as e:
        sys.stderr.write("verify-fair.py: %s\n" % e)
        sys.exit(1)
