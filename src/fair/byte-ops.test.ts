import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { copyBytes, wipeBytes } from './byte-ops.ts';
import { hmacSha256 } from './hmac-sha256.ts';

test('copyBytes and wipeBytes do what set and fill do', () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ maxLength: 40 }),
      fc.uint8Array({ maxLength: 20 }),
      fc.nat(40),
      (target, source, at) => {
        const offset = Math.min(at, Math.max(0, target.length - source.length));
        const want = target.slice();
        const got = target.slice();
        if (offset + source.length > target.length) {
          assert.throws(() => want.set(source, offset), RangeError);
          assert.throws(() => copyBytes(got, source, offset), RangeError);
        } else {
          want.set(source, offset);
          copyBytes(got, source, offset);
        }
        assert.deepEqual(got, want);
        want.fill(0, 1, offset);
        wipeBytes(got, 1, offset);
        assert.deepEqual(got, want);
      },
    ),
  );
});

test('set, fill and call patched after loading never see an HMAC key or message', () => {
  const key = new Uint8Array(32).fill(0x0b);
  const message = new TextEncoder().encode('a deck-key message with seeds in it');
  const before = hmacSha256(key, message);
  const seen: unknown[] = [];
  const proto = Uint8Array.prototype;
  const { set, fill } = proto;
  const { call } = Function.prototype;
  try {
    proto.set = function (this: Uint8Array, ...args: never[]) {
      seen.push('set');
      return Reflect.apply(set, this, args);
    } as typeof set;
    proto.fill = function (this: Uint8Array, ...args: never[]) {
      seen.push('fill');
      return Reflect.apply(fill, this, args);
    } as typeof fill;
    Function.prototype.call = function (this: (...a: unknown[]) => unknown, ...args: unknown[]) {
      seen.push('call');
      return Reflect.apply(this, args[0], args.slice(1));
    } as typeof call;
    const tag = hmacSha256(key, message);
    Function.prototype.call = call;
    assert.deepEqual(tag, before);
  } finally {
    Function.prototype.call = call;
    proto.set = set;
    proto.fill = fill;
  }
  assert.deepEqual(seen, []);
});
