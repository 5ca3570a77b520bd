import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { createApp } from '../app.ts';
import { ApiError } from '../deck/api-error.ts';
import { openSqliteStore } from '../store/sqlite/deck-store.ts';
import { FACE_NAMES, FACES_FOLDER, faceSvg } from './card-faces.ts';
import { cardImage } from './card-images.ts';
import { cardSvg } from './card-svg.ts';

// A build's faces (tools/build-web.ts writes them so): AS and X2 as the code draws them, with
// their compressed forms; 7H as an older version of the code drew it; KD not built.
const web = mkdtempSync(join(tmpdir(), 'fairdeal-faces-'));
after(() => rmSync(web, { recursive: true, force: true }));
const faces = join(web, FACES_FOLDER);
mkdirSync(faces);
const built = (name: string, svg: string) => {
  const br = new Uint8Array(brotliCompressSync(svg));
  writeFileSync(join(faces, `${name}.svg`), svg);
  writeFileSync(join(faces, `${name}.svg.br`), br);
  writeFileSync(join(faces, `${name}.svg.gz`), gzipSync(svg));
  return br;
};
const AS_BR = built('AS', faceSvg('AS'));
built('X2', faceSvg('X2'));
built('7H', faceSvg('7H').replace('#c8102e', '#ff0000'));

test('without @resvg/resvg-js a PNG is a clear 501 and SVG still works', async () => {
  const missing = async () => null;
  await assert.rejects(
    cardImage('QH.png', { load: missing }),
    (e: unknown) => e instanceof ApiError && e.status === 501 && e.code === 'PNG_UNAVAILABLE',
  );
  assert.equal((await cardImage('QH.svg', { load: missing }))?.type, 'image/svg+xml');
});

test('a PNG is rendered once and then served from memory', async () => {
  let renders = 0;
  const counting = async () => (svg: string) => {
    renders++;
    return new TextEncoder().encode(svg.slice(0, 4));
  };
  const a = await cardImage('5C.png', { load: counting });
  const b = await cardImage('5C.png', { load: counting });
  assert.equal(renders, 1);
  assert.equal(a?.file, b?.file);
  assert.deepEqual(a?.file.encoded, {}, 'PNG is sent as it is');
});

test('the real renderer gives PNG bytes; names outside the 54 cards and the back are refused', async () => {
  const png = await cardImage('X2.png');
  assert.deepEqual([...png!.file.body.slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  for (const bad of ['1S.svg', 'AS.gif', '../x.svg', 'AS', 'XX.png', 'aceSpades.png']) {
    assert.equal(await cardImage(bad), undefined, bad);
  }
  assert.throws(() => cardSvg('ZZ'), RangeError);
});

test('faces: red suits red, black suits black, jokers differ, ten shows 10', () => {
  assert.match(cardSvg('7H'), /#c8102e/);
  assert.doesNotMatch(cardSvg('7S'), /#c8102e/);
  assert.notEqual(cardSvg('X1'), cardSvg('X2'));
  assert.match(cardSvg('0D'), />10</);
  // A–10 carry their number of centre pips (2–10) or one big pip (A), besides the 2 corner pips.
  const pips = (code: string) => (cardSvg(code).match(/<g transform="translate/g) ?? []).length - 2;
  assert.deepEqual(
    ['AS', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S', '0S'].map(pips),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  );
});

test('a built face is sent with its compressed forms; one the code no longer draws so, or not built, is drawn here and sent plain', async () => {
  const as = await cardImage('as.svg', { dir: faces });
  assert.deepEqual(as?.file.encoded.br, AS_BR, "the build's own bytes");
  assert.equal(new TextDecoder().decode(as?.file.body), faceSvg('AS'));
  const stale = await cardImage('7H.svg', { dir: faces });
  assert.equal(new TextDecoder().decode(stale?.file.body), faceSvg('7H'), 'the face of the code');
  assert.deepEqual(stale?.file.encoded, {}, "the old face's compressed forms are not sent either");
  const missing = await cardImage('KD.svg', { dir: faces });
  assert.equal(new TextDecoder().decode(missing?.file.body), faceSvg('KD'));
  assert.deepEqual(missing?.file.encoded, {});
  const unbuilt = await cardImage('AS.svg');
  assert.equal(unbuilt?.file.hash, as?.file.hash, 'same face, same ETag, built or drawn');
  assert.equal(FACE_NAMES.length, 55);
  assert.equal(new Set(FACE_NAMES).size, 55);
});

test('/static/img/ sends the built brotli face to a browser, with its length, Vary and ETag', async () => {
  const app = createApp({ store: openSqliteStore({ path: ':memory:' }), webDir: web });
  const get = (path: string, headers: Record<string, string>) => app.request(path, { headers });
  const r = await get('/static/img/AS.svg', { 'accept-encoding': 'gzip, deflate, br, zstd' });
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-encoding'), 'br');
  assert.equal(r.headers.get('content-type'), 'image/svg+xml');
  assert.equal(r.headers.get('vary'), 'Accept-Encoding');
  assert.equal(r.headers.get('cache-control'), 'public, max-age=86400');
  assert.equal(r.headers.get('content-length'), String(AS_BR.length));
  const body = new Uint8Array(await r.arrayBuffer());
  assert.equal(brotliDecompressSync(body).toString(), faceSvg('AS'));
  const etag = r.headers.get('etag') ?? '';
  const again = await get('/static/img/AS.svg', { 'accept-encoding': 'br', 'if-none-match': etag });
  assert.equal(again.status, 304);
  const plain = await get('/static/img/aceDiamonds.svg', { 'accept-encoding': 'br' });
  assert.equal(plain.headers.get('content-encoding'), null, 'AD was not built');
  assert.equal(await plain.text(), faceSvg('AD'));
  const placeholder = createApp({ store: openSqliteStore({ path: ':memory:' }), webDir: null });
  const drawn = await placeholder.request('/static/img/AS.svg', {
    headers: { 'accept-encoding': 'br' },
  });
  assert.equal(drawn.headers.get('content-encoding'), null, 'no build: drawn, plain');
  assert.equal(await drawn.text(), faceSvg('AS'));
  assert.equal((await get('/static/img/ZZ.svg', {})).status, 404);
});
