import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../deck/api-error.ts';
import { cardImage } from './card-images.ts';
import { cardSvg } from './card-svg.ts';

test('without @resvg/resvg-js a PNG is a clear 501 and SVG still works', async () => {
  const missing = async () => null;
  await assert.rejects(
    cardImage('QH.png', missing),
    (e: unknown) => e instanceof ApiError && e.status === 501 && e.code === 'PNG_UNAVAILABLE',
  );
  assert.equal((await cardImage('QH.svg', missing))?.type, 'image/svg+xml');
});

test('a PNG is rendered once and then served from memory', async () => {
  let renders = 0;
  const counting = async () => (svg: string) => {
    renders++;
    return new TextEncoder().encode(svg.slice(0, 4));
  };
  const a = await cardImage('5C.png', counting);
  const b = await cardImage('5C.png', counting);
  assert.equal(renders, 1);
  assert.equal(a?.body, b?.body);
});

test('the real renderer gives PNG bytes; names outside the 54 cards and the back are refused', async () => {
  const png = await cardImage('X2.png');
  assert.ok(png?.body instanceof Uint8Array);
  assert.deepEqual([...(png.body as Uint8Array).slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
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
