#!/usr/bin/env python3
"""Independent verifier of fairdeal-v1 (docs/FAIR.md), Python standard library only.

Written from the specification alone -- it shares no code with fairdeal's TypeScript sources -- so
that the test vectors in test/vectors/fair-v1.json are proven reproducible by someone who never
read our code. It implements ChaCha20 (RFC 8439), HMAC-SHA-256 (RFC 2104 via hmac/hashlib), the
canonical byte encoding, exact batched bounded integers and the forward Fisher-Yates shuffle.

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


# --- exact batched bounded integers and the shuffle (docs/RANDOM.md) ------------------------------

def batch_length(bound, steps_left):
    if bound > 2 ** 21:
        return 1
    product, k = bound, 1
    while k < steps_left and product * (bound - k) <= 2 ** 32:
        product *= bound - k
        k += 1
    return k


def draw_descending(bound, k, words):
    """k integers, the s-th uniform in [0, bound - s), from one accepted 32-bit word."""
    if bound > 2 ** 21:
        while True:  # one word, Lemire's method on the 64-bit product
            x = words.next()
            m = x * bound
            if (m & MASK32) >= (2 ** 32 - bound) % bound:
                return [m >> 32]
    product = 1
    for s in range(k):
        product *= bound - s
    while True:
        low = words.next()
        out = []
        for s in range(k):
            m = low * (bound - s)
            out.append(m >> 32)
            low = m & MASK32
        if low >= (2 ** 32 - product) % product:
            return out


def shuffle(items, words):
    """Forward Fisher-Yates: position i (0 .. n-2) swaps with i + a uniform index in [0, n - i)."""
    a = list(items)
    n = len(a)
    i = 0
    while i < n - 1:
        bound = n - i
        k = batch_length(bound, n - 1 - i)
        for r in draw_descending(bound, k, words):
            j = i + r
            a[i], a[j] = a[j], a[i]
            i += 1
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
