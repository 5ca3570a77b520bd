import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createSecretBox, loadMasterKey } from './secret-box.ts';

test('secret box: seal/open round trip; a fresh IV each time; tampering and another key refused', () => {
  const box = createSecretBox(new Uint8Array(32).fill(3));
  const a = box.seal('server seed');
  const b = box.seal('server seed');
  assert.notEqual(a, b);
  assert.equal(box.open(a), 'server seed');
  assert.equal(a.includes('server seed'), false);
  const raw = Buffer.from(a.slice(3), 'base64url');
  raw[raw.length - 1]! ^= 1;
  assert.throws(() => box.open(`v1.${raw.toString('base64url')}`));
  assert.throws(() => createSecretBox(new Uint8Array(32).fill(4)).open(a));
  assert.throws(() => box.open('plain'));
  assert.throws(() => createSecretBox(new Uint8Array(31)), RangeError);
});

test('master key: from FAIRDEAL_SECRET_KEY, else a 0600 key file made once and reused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-key-'));
  try {
    const hex = 'ab'.repeat(32);
    assert.deepEqual(
      Buffer.from(loadMasterKey({ FAIRDEAL_SECRET_KEY: hex }, ':memory:')),
      Buffer.from(hex, 'hex'),
    );
    assert.throws(
      () => loadMasterKey({ FAIRDEAL_SECRET_KEY: 'short' }, ':memory:'),
      /64 hex digits/,
    );
    const db = join(dir, 'sub', 'db.sqlite');
    const k1 = loadMasterKey({}, db);
    assert.equal(statSync(`${db}.key`).mode & 0o777, 0o600);
    assert.match(readFileSync(`${db}.key`, 'utf8'), /^[0-9a-f]{64}\n$/);
    chmodSync(`${db}.key`, 0o644);
    assert.deepEqual(loadMasterKey({}, db), k1);
    assert.equal(statSync(`${db}.key`).mode & 0o777, 0o600);
    assert.notDeepEqual(loadMasterKey({}, ':memory:'), loadMasterKey({}, ':memory:'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
