#!/usr/bin/env python3
"""Independent verifier of fairdeal-v1 (docs/FAIR.md), Python standard library only.

Written from the specification alone -- it shares no code with fairdeal's TypeScript sources -- so
that the test vectors in test/vectors/fair-v1.json are proven reproducible by someone who never
read our code. It implements ChaCha20 (RFC 8439), HMAC-SHA-256 (RFC 2104 via hmac/hashlib), the
canonical byte encoding, exact bounded integers (Lemire) and the forward Fisher-Yates shuffle.

Usage:
  python3 tools/verify-fair-v1.py [test/vectors/fair-v1.json]   check every vector
  python3 tools/verify-fair-v1.py --transcript FILE.json          check one transcript
Exit status 0 when everything matches, 1 otherwise.
"""

import hashlib
import hmac
import json
import struct
import sys

ALGORITHM = "fairdeal-v1"
LABEL_SERVER = "fairdeal-v1/commit/server"
LABEL_CLIENT = "fairdeal-v1/commit/client"
LABEL_KEY = "fairdeal-v1/deck-key"
LABEL_TRANSCRIPT = "fairdeal-v1/transcript"
MASK32 = 0xFFFFFFFF


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


# --- canonical encoding (docs/FAIR.md, "Encoding") ------------------------------------------------

def u8(v): return struct.pack(">B", v)
def u32(v): return struct.pack(">I", v)
def u64(v): return struct.pack(">Q", v)
def blob(b): return u32(len(b)) + b
def text(s): return blob(s.encode("utf-8"))


def options_bytes(options):
    out = u32(len(options))
    for key in sorted(options, key=lambda k: k.encode("utf-8")):
        value = options[key]
        out += text(key)
        if isinstance(value, bool):  # before int: bool is an int in Python
            out += u8(0x62) + u8(1 if value else 0)
        elif isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
            out += u8(0x69) + text(str(int(value)))
        elif isinstance(value, float):  # a fraction: its IEEE-754 binary64 bytes, big-endian
            out += u8(0x66) + struct.pack(">d", value)
        elif isinstance(value, str):
            out += u8(0x73) + text(value)
        else:
            raise ValueError("bad option value %r" % (value,))
    return out


def sorted_clients(clients):
    return sorted(clients, key=lambda c: c["player"].encode("utf-8"))


def server_commitment(table, hand, server_seed):
    return hashlib.sha256(text(LABEL_SERVER) + text(table) + u64(hand) + blob(server_seed)).digest()


def client_commitment(table, hand, player, salt, seed):
    return hashlib.sha256(
        text(LABEL_CLIENT) + text(table) + u64(hand) + text(player) + blob(salt) + text(seed)
    ).digest()


def deck_key(server_seed, table, hand, preset, options, deck, clients):
    msg = text(LABEL_KEY) + text(table) + u64(hand) + text(preset) + options_bytes(options)
    msg += u32(len(deck)) + b"".join(text(c) for c in deck)
    cs = sorted_clients(clients)
    msg += u32(len(cs)) + b"".join(text(c["player"]) + text(c["seed"]) for c in cs)
    return hmac.new(server_seed, msg, hashlib.sha256).digest()


def transcript_hash(t):
    msg = text(LABEL_TRANSCRIPT) + text(t["algorithm"]) + text(t["table"]) + u64(t["hand"])
    msg += blob(b"" if t["prev"] is None else bytes.fromhex(t["prev"]))
    msg += text(t["preset"]) + options_bytes(t["options"])
    msg += blob(bytes.fromhex(t["server"]["commitment"])) + blob(bytes.fromhex(t["server"]["seed"]))
    msg += u32(len(t["clients"]))
    for c in t["clients"]:
        msg += text(c["player"]) + text(c["seed"])
        if "commitment" in c:
            msg += u8(1) + blob(bytes.fromhex(c["salt"])) + blob(bytes.fromhex(c["commitment"]))
        else:
            msg += u8(0)
    msg += u32(len(t["cards"])) + b"".join(text(c["card"]) + text(c["to"]) for c in t["cards"])
    return hashlib.sha256(msg).digest()


# --- canonical decks and dealing patterns (docs/FAIR.md section 6-7, docs/GAMES.md) --------------

RANKS = "A23456789TJQK"
SUITS = "SDCH"
DECKS = {  # name: (ranks kept, jokers, copies)
    "standard-52": (RANKS, False, 1),
    "standard-54": (RANKS, True, 1),
    "double-104": (RANKS, False, 2),
    "double-108": (RANKS, True, 2),
}


def build_deck(ranks, jokers, copies):
    deck = []
    for copy in range(1, copies + 1):
        suffix = "" if copy == 1 else "#%d" % copy
        for suit in SUITS:
            deck += [r + suit + suffix for r in RANKS if r in ranks]
        if jokers:
            deck += ["BJ" + suffix, "RJ" + suffix]
    return deck


def one_at_a_time(laps):
    return ("hands", [1], laps)


HOLDEM_TAIL = [("burns", 1), ("board", 3), ("burns", 1), ("board", 1), ("burns", 1), ("board", 1)]
# preset: deck name, default seats, steps, accepted options (beyond seats/dealer where allowed)
PRESETS = {
    "doudizhu": ("standard-54", 3, [one_at_a_time(17), ("kitty", 3)], set()),
    "doudizhu-4p": ("double-108", 4, [one_at_a_time(25), ("kitty", 8)], set()),
    "shengji": ("double-108", 4, [one_at_a_time(25), ("kitty", 8)], {"level", "trump"}),
    "guandan": ("double-108", 4, [one_at_a_time(27)], {"level"}),
    "holdem": ("standard-52", 6, [one_at_a_time(2)] + HOLDEM_TAIL, set()),
    "omaha": ("standard-52", 6, [one_at_a_time(4)] + HOLDEM_TAIL, set()),
    "blackjack": ("standard-52", 2, [("burns", 1), one_at_a_time(2)], {"decks", "penetration"}),
    "bridge": ("standard-52", 4, [one_at_a_time(13)], {"boardNumber"}),
}
FIXED_DEALER = {"blackjack", "bridge"}


def preset_plan(preset, options):
    """(canonical deck, route function) for the presets this verifier knows, or None."""
    if preset not in PRESETS:
        return None
    deck_name, seats, steps, accepted = PRESETS[preset]
    allowed = set(accepted) | {"seats"} | (set() if preset in FIXED_DEALER else {"dealer"})
    if not set(options) <= allowed:
        return None
    seats = options.get("seats", seats)
    dealer = options.get("dealer", seats - 1)
    ranks, jokers, copies = DECKS[deck_name]
    if preset == "blackjack":
        copies = options.get("decks", 6)
    if preset == "bridge":
        dealer = (options.get("boardNumber", 1) - 1) % 4
    deck = build_deck(ranks, jokers, copies)

    def route():
        out = []
        first = (dealer + 1) % seats
        for step in steps:
            if step[0] == "hands":
                _, packets, laps = step
                for _lap in range(laps):
                    for k in range(seats):
                        out += ["hand:%d" % ((first + k) % seats)] * packets[k % len(packets)]
            else:
                out += [step[0]] * step[1]
        return out + ["stock"] * (len(deck) - len(out))

    return deck, route


# --- checks ---------------------------------------------------------------------------------------

class Report:
    def __init__(self):
        self.checks = 0
        self.failures = []

    def expect(self, what, got, want):
        self.checks += 1
        if not hmac.compare_digest(str(got).encode(), str(want).encode()):
            self.failures.append("%s: expected %s, got %s" % (what, want, got))


def check_deck_vector(r, v):
    name = "deck vector '%s'" % v["name"]
    seed = bytes.fromhex(v["serverSeed"])
    r.expect(name + " server commitment", server_commitment(v["table"], v["hand"], seed).hex(), v["serverCommitment"])
    plan = preset_plan(v["preset"], v["options"])
    if plan is not None:  # the canonical deck, built from the spec, not read from the vector
        r.expect(name + " canonical deck", plan[0], v["canonicalDeck"])
        r.expect(name + " route", plan[1](), v["route"])
    deck = v["canonicalDeck"]
    msg = text(LABEL_KEY) + text(v["table"]) + u64(v["hand"]) + text(v["preset"]) + options_bytes(v["options"])
    msg += u32(len(deck)) + b"".join(text(c) for c in deck)
    cs = sorted_clients(v["clients"])
    msg += u32(len(cs)) + b"".join(text(c["player"]) + text(c["seed"]) for c in cs)
    r.expect(name + " key message", msg.hex(), v["keyMessage"])
    key = deck_key(seed, v["table"], v["hand"], v["preset"], v["options"], deck, v["clients"])
    r.expect(name + " key", key.hex(), v["key"])
    r.expect(name + " deck", shuffle(deck, Words(key)), v["deck"])


def check_transcript(r, t, name):
    """Recomputes one transcript; returns its hash."""
    r.expect(name + " algorithm", t["algorithm"], ALGORITHM)
    seed = bytes.fromhex(t["server"]["seed"])
    r.expect(name + " server commitment", server_commitment(t["table"], t["hand"], seed).hex(), t["server"]["commitment"])
    players = [c["player"] for c in t["clients"]]
    r.expect(name + " client order", players, [c["player"] for c in sorted_clients(t["clients"])])
    r.expect(name + " unique players", len(set(players)), len(players))
    for c in t["clients"]:
        if "commitment" in c:
            got = client_commitment(t["table"], t["hand"], c["player"], bytes.fromhex(c["salt"]), c["seed"])
            r.expect("%s commitment of %s" % (name, c["player"]), got.hex(), c["commitment"])
    plan = preset_plan(t["preset"], t["options"])
    if plan is None:
        print("note: %s: preset %s with options %s is not known to this verifier; only hashes and "
              "commitments were checked" % (name, t["preset"], json.dumps(t["options"])))
    else:
        deck, route = plan
        key = deck_key(seed, t["table"], t["hand"], t["preset"], t["options"], deck, t["clients"])
        dealt = shuffle(deck, Words(key))
        r.expect(name + " cards", [c["card"] for c in t["cards"]], dealt)
        r.expect(name + " destinations", [c["to"] for c in t["cards"]], route())
    h = transcript_hash(t).hex()
    r.expect(name + " hash", h, t["hash"])
    return h


def self_test(r):
    # RFC 8439 section 2.3.2: the block function test vector (an external reference).
    key = bytes(range(32))
    nonce = bytes.fromhex("000000090000004a00000000")
    words = chacha20_block(key, 1, nonce)
    r.expect("RFC 8439 2.3.2 block", struct.pack("<16I", *words).hex()[:32], "10f1e7e4d13b5915500fdd1fa32071c4")


def main(argv):
    r = Report()
    self_test(r)
    if len(argv) >= 2 and argv[0] == "--transcript":
        prev = None
        for i, path in enumerate(argv[1:]):
            with open(path, encoding="utf-8") as f:
                t = json.load(f)
            if i > 0:
                r.expect(path + " link to previous hash", t["prev"], prev)
            prev = check_transcript(r, t, path)
    else:
        path = argv[0] if argv else "test/vectors/fair-v1.json"
        with open(path, encoding="utf-8") as f:
            vectors = json.load(f)
        for c in vectors["clientCommitments"]:
            got = client_commitment(c["table"], c["hand"], c["player"], bytes.fromhex(c["salt"]), c["seed"])
            r.expect("client commitment of %s" % c["player"], got.hex(), c["commitment"])
        for v in vectors["decks"]:
            check_deck_vector(r, v)
        prev = None
        for i, t in enumerate(vectors["transcripts"]):
            r.expect("transcript %d prev" % i, t["prev"], prev)
            prev = check_transcript(r, t, "transcript %d" % i)
    for failure in r.failures:
        print("FAIL " + failure)
    if r.failures:
        print("%d of %d checks failed" % (len(r.failures), r.checks))
        return 1
    print("all %d checks passed" % r.checks)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
