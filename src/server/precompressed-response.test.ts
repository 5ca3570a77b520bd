import assert from 'node:assert/strict';
import { test } from 'node:test';
import { precompressed } from './precompressed.ts';
import { precompressedResponse } from './precompressed-response.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
// Stand-ins for the build's forms: what matters here is which bytes go out under which name.
const file = precompressed(bytes('plain plain plain'), { br: bytes('BR'), gzip: bytes('GZIP') });
const send = (headers: Record<string, string>) =>
  precompressedResponse(file, new Headers(headers), { 'Content-Type': 'text/plain' });
const sent = async (accept: string) => {
  const r = send({ 'accept-encoding': accept });
  return `${r.headers.get('content-encoding') ?? 'identity'}:${await r.text()}`;
};

test('the form sent follows Accept-Encoding: weights, q=0, `*`, ties to brotli, plain otherwise', async () => {
  assert.equal(await sent('gzip, deflate, br, zstd'), 'br:BR');
  assert.equal(await sent('gzip'), 'gzip:GZIP');
  assert.equal(await sent('GZIP, BR'), 'br:BR', 'codings are case-insensitive');
  assert.equal(await sent('br;q=0.5, gzip'), 'gzip:GZIP', 'the higher weight wins');
  assert.equal(await sent('br;q=0, gzip;q=0'), 'identity:plain plain plain');
  assert.equal(await sent('br; q=0.0, gzip;q=0.000'), 'identity:plain plain plain');
  assert.equal(await sent('*'), 'br:BR');
  assert.equal(await sent('*;q=0.1, br;q=0'), 'gzip:GZIP');
  assert.equal(await sent('deflate, zstd'), 'identity:plain plain plain');
  assert.equal(await sent('identity'), 'identity:plain plain plain');
  assert.equal(await sent('brotli, xgzip'), 'identity:plain plain plain', 'names, not substrings');
  assert.equal(await sent(''), 'identity:plain plain plain');
});

test('each form has its own ETag and length, the same Vary; 304 only for the form the client holds', () => {
  const br = send({ 'accept-encoding': 'br' });
  const plain = send({});
  assert.equal(br.headers.get('etag'), `"${file.hash}.br"`);
  assert.equal(send({ 'accept-encoding': 'gzip' }).headers.get('etag'), `"${file.hash}.gz"`);
  assert.equal(plain.headers.get('etag'), `"${file.hash}"`);
  assert.equal(br.headers.get('content-length'), '2');
  assert.equal(plain.headers.get('content-length'), '17');
  assert.equal(br.headers.get('vary'), 'Accept-Encoding');
  assert.equal(plain.headers.get('vary'), 'Accept-Encoding', 'the plain answer varies too');
  const match = (inm: string, accept = 'br') =>
    send({ 'if-none-match': inm, 'accept-encoding': accept }).status;
  assert.equal(match(`"${file.hash}.br"`), 304);
  assert.equal(match(`"x", W/"${file.hash}.br"`), 304, 'a list, compared weakly');
  assert.equal(match('*'), 304);
  assert.equal(match(`"${file.hash}"`), 200, 'the plain copy is not the brotli one');
  assert.equal(match(`"${file.hash}.br"`, 'gzip'), 200);
  const notModified = send({ 'if-none-match': `"${file.hash}.br"`, 'accept-encoding': 'br' });
  assert.equal(notModified.headers.get('etag'), `"${file.hash}.br"`);
  assert.equal(notModified.headers.get('content-type'), 'text/plain');
  assert.equal(notModified.headers.get('content-encoding'), null);
});

test('a file with no compressed form is sent plain, without Vary', () => {
  const only = precompressed(bytes('png bytes'));
  const r = precompressedResponse(only, new Headers({ 'accept-encoding': 'br, gzip' }), {});
  assert.equal(r.headers.get('content-encoding'), null);
  assert.equal(r.headers.get('vary'), null);
  assert.equal(r.headers.get('content-length'), '9');
});
