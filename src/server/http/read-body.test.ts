import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../deck/api-error.ts';
import { readBodyBytes, readJsonBody } from './read-body.ts';

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://x/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

const refused = (code: string) => (e: unknown) =>
  e instanceof ApiError && e.code === code ? true : assert.fail(String(e));

test('a body of announced length is read whole; one with a false (short) length is still held to the limit', async () => {
  const text = JSON.stringify({ a: 1, b: 'é' });
  const n = String(Buffer.byteLength(text));
  const r = await readJsonBody(post(text, { 'content-length': n }), 64);
  assert.deepEqual(r.value, { a: 1, b: 'é' });
  assert.equal(r.bytes.byteLength, Buffer.byteLength(text));
  await assert.rejects(
    readBodyBytes(post('x'.repeat(100), { 'content-length': '10' }), 64),
    refused('BODY_TOO_LARGE'),
  );
  await assert.rejects(
    readBodyBytes(post('x', { 'content-length': '65' }), 64),
    refused('BODY_TOO_LARGE'),
  );
});

test('a body of unknown length is read as a stream and refused as soon as it passes the limit, unread past it', async () => {
  let pulled = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(c) {
      pulled++;
      c.enqueue(new Uint8Array(16));
    },
  });
  await assert.rejects(readBodyBytes(post(endless), 64), refused('BODY_TOO_LARGE'));
  assert.ok(pulled <= 8, `read ${pulled} chunks of 16 bytes for a limit of 64`);
  const ok = await readBodyBytes(post(new Blob(['{"x":', '2}']).stream()), 64);
  assert.equal(new TextDecoder().decode(ok), '{"x":2}');
});

test('an empty body is {}; anything but a JSON object is BAD_BODY', async () => {
  assert.deepEqual((await readJsonBody(post('', { 'content-length': '0' }), 64)).value, {});
  for (const bad of ['[]', '1', 'null', '{', '"s"']) {
    await assert.rejects(readJsonBody(post(bad), 64), refused('BAD_BODY'));
  }
});
