import assert from 'node:assert/strict';
import { createCipheriv, createHmac } from 'node:crypto';
import { test } from 'node:test';
import { createSecretBox } from './secret-box.ts';

const key = (n: number) => new Uint8Array(32).fill(n);

test('secret box: seal/open round trip; a fresh IV each time; tampering and another key refused', () => {
  const box = createSecretBox(key(3));
  const a = box.seal('server seed');
  const b = box.seal('server seed');
  assert.notEqual(a, b);
  assert.equal(box.open(a), 'server seed');
  assert.equal(a.includes('server seed'), false);
  assert.match(a, new RegExp(`^v2\\.${box.keyId}\\.[A-Za-z0-9_-]+$`));
  assert.match(box.keyId, /^[0-9a-f]{8}$/);
  // Every bit of iv, tag and ciphertext is covered: flip each byte in turn.
  const prefix = `v2.${box.keyId}.`;
  const raw = Buffer.from(a.slice(prefix.length), 'base64url');
  for (let i = 0; i < raw.length; i++) {
    const bad = Buffer.from(raw);
    bad[i]! ^= 1;
    assert.throws(() => box.open(prefix + bad.toString('base64url')), /did not open: altered/);
  }
  assert.throws(() => box.open(prefix + raw.subarray(0, 20).toString('base64url')), /altered/);
  assert.throws(() => createSecretBox(key(4)).open(a), /does not hold/);
  assert.throws(() => box.open('plain'), /not a sealed value/);
  assert.throws(() => box.open(`v2.${createSecretBox(key(4)).keyId}.${raw.toString('base64url')}`));
  assert.throws(() => createSecretBox(new Uint8Array(31)), RangeError);
  assert.throws(() => createSecretBox(key(1), [new Uint8Array(16)]), RangeError);
});

test('secret box: a value opens only under the context it was sealed for', () => {
  const box = createSecretBox(key(3));
  const cards = box.seal('["AS","KD"]', 'fairdeal/table/t1/event/seat:0/7');
  assert.equal(box.open(cards, 'fairdeal/table/t1/event/seat:0/7'), '["AS","KD"]');
  // A thief who can write the database moves seat 0's event into seat 1's rows: it stays shut.
  for (const elsewhere of [
    'fairdeal/table/t1/event/seat:1/7',
    'fairdeal/table/t1/event/seat:0/8',
    'fairdeal/table/t2/event/seat:0/7',
    '',
  ]) {
    assert.throws(() => box.open(cards, elsewhere), /moved from where it was sealed/, elsewhere);
  }
  assert.throws(() => box.open(box.seal('x'), 'somewhere'), /altered, or moved/);
});

test('secret box: rotation — previous keys open, only the new key seals; without it nothing old opens', async () => {
  const old = createSecretBox(key(1));
  const sealedOld = old.seal('seed of a hand in play', 'ctx');
  const rotated = createSecretBox(key(2), [key(1)]);
  assert.notEqual(rotated.keyId, old.keyId);
  assert.equal(rotated.open(sealedOld, 'ctx'), 'seed of a hand in play');
  const sealedNew = rotated.seal('after', 'ctx');
  assert.ok(sealedNew.startsWith(`v2.${rotated.keyId}.`));
  assert.throws(() => old.open(sealedNew, 'ctx'), new RegExp(`key ${rotated.keyId}`));
  // Once the previous key is dropped, what it sealed no longer opens (and says which key it needs).
  assert.throws(
    () => createSecretBox(key(2)).open(sealedOld, 'ctx'),
    new RegExp(`sealed with key ${old.keyId}, which this service does not hold`),
  );
  // The signing key is the new key's.
  assert.notEqual(await old.publicKey(), await rotated.publicKey());
});

test('secret box: seeds sealed before key ids (v1.) still open, with the key or a previous one, and only with no context', () => {
  // The v1 format, made as the earlier release made it: AES-256-GCM, no associated data.
  const v1 = (master: Uint8Array, plain: string) => {
    const aes = createHmac('sha256', master).update('fairdeal/at-rest/aes-256-gcm').digest();
    const iv = Buffer.alloc(12, 5);
    const c = createCipheriv('aes-256-gcm', aes, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `v1.${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url')}`;
  };
  const legacy = v1(key(1), '{"serverSeed":"aa"}');
  assert.equal(createSecretBox(key(1)).open(legacy), '{"serverSeed":"aa"}');
  assert.equal(createSecretBox(key(2), [key(1)]).open(legacy), '{"serverSeed":"aa"}');
  assert.throws(() => createSecretBox(key(2)).open(legacy), /does not hold/);
  // A legacy value copied into a place that binds a context is refused.
  assert.throws(() => createSecretBox(key(1)).open(legacy, 'ctx'), /not a sealed value/);
});
