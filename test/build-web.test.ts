import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FACE_NAMES, FACES_FOLDER, faceSvg } from '../src/server/images/card-faces.ts';
import { buildWeb } from '../tools/build-web.ts';
import { assertDocFigure, type Figure, figureRow } from './support/doc-figures.ts';

// `npm run build:web` (tools/build-web.ts) into a folder of this test: the page and the card
// faces, each with the compressed forms the service sends as they are (it compresses nothing).
const parent = mkdtempSync(join(tmpdir(), 'fairdeal-build-'));
after(() => rmSync(parent, { recursive: true, force: true }));
const out = join(parent, 'dist-web');

test('the build writes the page and the 55 faces, each with brotli and gzip forms that decode to it, of the sizes docs/WEB.md quotes', async () => {
  writeFileSync(join(parent, 'keep.txt'), 'not the build’s');
  const first = await buildWeb(out);
  writeFileSync(join(out, 'stale.js'), 'from an older build');
  const { files } = await buildWeb(out);
  assert.deepEqual(Object.keys(files), Object.keys(first.files), 'the same files each time');
  assert.ok(!existsSync(join(out, 'stale.js')), 'the folder is replaced as a whole');
  assert.deepEqual(readdirSync(parent).sort(), ['dist-web', 'keep.txt'], 'nothing left beside it');
  for (const name of ['index.html', 'main.js', 'main.css', 'audit-worker.js']) {
    assert.ok(files[name] !== undefined, name);
  }
  for (const face of FACE_NAMES) {
    const path = join(out, FACES_FOLDER, `${face}.svg`);
    assert.equal(readFileSync(path, 'utf8'), faceSvg(face), `${face}: the service's own face`);
  }
  for (const [name, sizes] of Object.entries(files)) {
    const body = readFileSync(join(out, name));
    assert.equal(sizes.bytes, body.length, name);
    const br = readFileSync(join(out, `${name}.br`));
    const gz = readFileSync(join(out, `${name}.gz`));
    assert.deepEqual(brotliDecompressSync(br), body, `${name}.br`);
    assert.deepEqual(gunzipSync(gz), body, `${name}.gz`);
    assert.equal(sizes.br, br.length, name);
    assert.equal(sizes.gzip, gz.length, name);
    assert.ok(br.length < body.length, `${name}: compressed smaller`);
  }
  const faces = Object.entries(files).filter(([f]) => f.startsWith(`${FACES_FOLDER}/`));
  const page = Object.entries(files).filter(([f]) => !f.startsWith(`${FACES_FOLDER}/`));
  assert.equal(faces.length, 55);
  // docs/WEB.md, "Size and speed", quotes these (printed here to paste when they change).
  const sum = (list: typeof page, key: 'bytes' | 'br') => ({
    files: list.length,
    bytes: list.reduce((a, [, s]) => a + (s[key] ?? s.bytes), 0),
  });
  const rows: [string, Figure][] = [
    ['the page as built, minified', sum(page, 'bytes')],
    ['the page as built, brotli', sum(page, 'br')],
    ['the 55 card faces as built', sum(faces, 'bytes')],
    ['the 55 card faces as built, brotli', sum(faces, 'br')],
  ];
  for (const [label, figure] of rows) console.log(`# ${figureRow(label, figure)}`);
  for (const [label, figure] of rows) assertDocFigure(label, figure);
});
