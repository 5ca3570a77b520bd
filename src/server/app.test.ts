import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { testApp } from '../../test/support/server-app.ts';
import { isConserved } from './deck/conserved.ts';

const form = (body: string): RequestInit => ({
  method: 'POST',
  body,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const json = (body: unknown): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

async function shuffledDeck(t: ReturnType<typeof testApp>, query = ''): Promise<string> {
  const r = await t.call(`/api/deck/new/shuffle/${query}`);
  assert.equal(r.status, 200);
  return r.body.deck_id;
}

async function conserved(t: ReturnType<typeof testApp>, id: string): Promise<boolean> {
  const deck = await t.store.readDeck(id);
  return deck !== undefined && isConserved(deck);
}

describe('new decks', () => {
  test('new/ is unshuffled in the spec’s order, with the exact card objects', async () => {
    const t = testApp();
    const r = await t.call('/api/deck/new/');
    assert.deepEqual(Object.keys(r.body), ['success', 'deck_id', 'remaining', 'shuffled']);
    assert.equal(r.body.remaining, 52);
    assert.equal(r.body.shuffled, false);
    assert.match(r.body.deck_id, /^[a-z0-9]{20}$/);
    const d = await t.call(`/api/deck/${r.body.deck_id}/draw/?count=52`);
    const codes = d.body.cards.map((c: { code: string }) => c.code);
    assert.deepEqual(codes.slice(0, 14), [...'A234567890JQK'].map((v) => `${v}S`).concat('AD'));
    assert.deepEqual(codes.at(-1), 'KH');
    assert.deepEqual(d.body.cards[13], {
      code: 'AD',
      image: 'http://localhost/static/img/aceDiamonds.png',
      images: {
        svg: 'http://localhost/static/img/aceDiamonds.svg',
        png: 'http://localhost/static/img/aceDiamonds.png',
      },
      value: 'ACE',
      suit: 'DIAMONDS',
    });
    assert.deepEqual(Object.keys(d.body.cards[9]), ['code', 'image', 'images', 'value', 'suit']);
    assert.equal(d.body.cards[9].value, '10');
    assert.equal(d.body.cards[9].code, '0S');
  });

  test('jokers, several decks, and a partial deck with bad codes dropped and reported', async () => {
    const t = testApp();
    assert.equal((await t.call('/api/deck/new/?jokers_enabled=true')).body.remaining, 54);
    assert.equal((await t.call('/api/deck/new/shuffle/?deck_count=6')).body.remaining, 312);
    const partial = await t.call('/api/deck/new/?cards=kh,2c,ZZ,10H,0H');
    assert.equal(partial.status, 200);
    assert.equal(partial.body.remaining, 3);
    assert.deepEqual(partial.body.rejected, ['ZZ', '10H']);
    const drawn = await t.call(`/api/deck/${partial.body.deck_id}/draw/?count=3`);
    assert.deepEqual(
      drawn.body.cards.map((c: { code: string }) => c.code),
      ['KH', '2C', '0H'],
    );
    const jokers = await t.call('/api/deck/new/?cards=X1,x2&jokers_enabled=true');
    const j = await t.call(`/api/deck/${jokers.body.deck_id}/draw/?count=2`);
    assert.deepEqual(
      j.body.cards.map((c: { value: string; suit: string }) => `${c.value} ${c.suit}`),
      ['JOKER BLACK', 'JOKER RED'],
    );
    // As the reference's open_new: jokers in `cards` only with jokers_enabled=true, and an
    // empty `cards=` is an empty deck (only an absent `cards` is a full one).
    const noJokers = await t.call('/api/deck/new/?cards=AS,X1,x2');
    assert.equal(noJokers.body.remaining, 1);
    assert.deepEqual(noJokers.body.rejected, ['X1', 'X2']);
    const empty = await t.call('/api/deck/new/shuffle/?cards=&deck_count=3');
    assert.deepEqual(Object.keys(empty.body), ['success', 'deck_id', 'remaining', 'shuffled']);
    assert.equal(empty.body.remaining, 0);
  });

  test('deck_count is bounded on new, new/shuffle and new/draw with the reference’s messages', async () => {
    const t = testApp();
    for (const path of ['/api/deck/new/', '/api/deck/new/shuffle/', '/api/deck/new/draw/']) {
      const high = await t.call(`${path}?deck_count=21`);
      assert.equal(high.status, 400);
      assert.equal(high.body.success, false);
      assert.equal(high.body.error, 'The max number of Decks is 20.');
      assert.equal(high.body.code, 'TOO_MANY_DECKS');
      const low = await t.call(`${path}?deck_count=0`);
      assert.equal(low.body.error, 'The min number of Decks is 1.');
      assert.equal((await t.call(`${path}?deck_count=abc`)).body.code, 'BAD_DECK_COUNT');
    }
    assert.equal((await t.call('/api/deck/new/?deck_count=20')).body.remaining, 1040);
  });

  test('new/draw shuffles and draws in one step', async () => {
    const t = testApp();
    const r = await t.call('/api/deck/new/draw/?count=2');
    assert.equal(r.body.success, true);
    assert.equal(r.body.cards.length, 2);
    assert.equal(r.body.remaining, 50);
    assert.ok(await conserved(t, r.body.deck_id));
  });

  test('legacy new/ and shuffle/ make decks', async () => {
    const t = testApp();
    assert.equal((await t.call('/api/new/')).body.shuffled, false);
    const s = await t.call('/api/shuffle/?deck_count=2');
    assert.equal(s.body.shuffled, true);
    assert.equal(s.body.remaining, 104);
  });
});

describe('deck routes', () => {
  test('status has no side effect; unknown deck is the reference’s 404', async () => {
    const t = testApp();
    const id = await shuffledDeck(t);
    const a = await t.call(`/api/deck/${id}/`);
    const b = await t.call(`/api/deck/${id}`);
    assert.deepEqual(a.body, b.body);
    assert.deepEqual(a.body, { success: true, deck_id: id, remaining: 52, shuffled: true });
    for (const path of [
      '/api/deck/aaaaaaaaaaaaaaaaaaaa/',
      '/api/deck/NOT-AN-ID!/draw/',
      '/api/draw/zzz/',
    ]) {
      const r = await t.call(path);
      assert.equal(r.status, 404);
      assert.deepEqual(r.body, {
        success: false,
        error: 'Deck ID does not exist.',
        code: 'DECK_NOT_FOUND',
      });
    }
  });

  test('draw: GET, POST form, POST JSON, legacy; with and without trailing slash', async () => {
    const t = testApp();
    const id = await shuffledDeck(t);
    const seen = new Set<string>();
    const ways: [string, RequestInit | undefined][] = [
      [`/api/deck/${id}/draw/?count=2`, undefined],
      [`/api/deck/${id}/draw?count=2`, undefined],
      [`/api/deck/${id}/draw/`, form('count=2')],
      [`/api/deck/${id}/draw`, json({ count: 2 })],
      [`/api/draw/${id}/?count=2`, undefined],
      [`/api/draw/${id}`, form('count=2')],
    ];
    let remaining = 52;
    for (const [path, init] of ways) {
      const r = await t.call(path, init);
      assert.equal(r.status, 200, path);
      assert.deepEqual(Object.keys(r.body), ['success', 'deck_id', 'cards', 'remaining']);
      remaining -= 2;
      assert.equal(r.body.remaining, remaining);
      for (const c of r.body.cards) seen.add(c.code);
    }
    assert.equal(seen.size, 12, 'no card dealt twice');
  });

  test('multipart form bodies are read too; a POST reads its body only, never the query', async () => {
    const t = testApp();
    const id = await shuffledDeck(t);
    const body = new FormData();
    body.set('count', '3');
    const r = await t.call(`/api/deck/${id}/draw/?count=1`, { method: 'POST', body });
    assert.equal(r.body.cards.length, 3);
    // As the reference's request.POST: a POST's query string is ignored, so the defaults apply.
    const queryOnly = await t.call(`/api/deck/${id}/draw/?count=4`, { method: 'POST' });
    assert.equal(queryOnly.body.cards.length, 1);
    const jsonAndQuery = await t.call(`/api/deck/${id}/draw/?count=4`, json({}));
    assert.equal(jsonAndQuery.body.cards.length, 1);
    const created = await t.call('/api/deck/new/?deck_count=2', form('jokers_enabled=true'));
    assert.equal(created.body.remaining, 54);
  });

  test('count: empty means 1, 0 draws nothing, bad numbers are JSON 400s', async () => {
    const t = testApp();
    const id = await shuffledDeck(t);
    assert.equal((await t.call(`/api/deck/${id}/draw/?count=`)).body.cards.length, 1);
    const zero = await t.call(`/api/deck/${id}/draw/?count=0`);
    assert.equal(zero.body.cards.length, 0);
    assert.equal(zero.body.remaining, 51);
    for (const bad of ['abc', '-1', '1.5', '1e3', '0x10']) {
      const r = await t.call(`/api/deck/${id}/draw/?count=${bad}`);
      assert.equal(r.status, 400, bad);
      assert.equal(r.body.code, 'BAD_COUNT');
      assert.equal(r.body.success, false);
    }
    assert.equal((await t.call(`/api/deck/${id}/`)).body.remaining, 51);
  });

  test('overdraw hands out the rest with success false, remaining 0 and the reference’s message', async () => {
    const t = testApp();
    const id = await shuffledDeck(t);
    await t.call(`/api/deck/${id}/draw/?count=50`);
    for (const count of ['5', '99999999999999999999']) {
      const r = await t.call(`/api/deck/${id}/draw/?count=${count}`);
      assert.equal(r.status, 200);
      assert.equal(r.body.success, false);
      assert.equal(r.body.remaining, 0);
      assert.match(r.body.error, /^Not enough cards remaining to draw \d+ additional$/);
    }
    const first = await t.call(`/api/deck/new/shuffle/`);
    await t.call(`/api/deck/${first.body.deck_id}/draw/?count=50`);
    const r = await t.call(`/api/deck/${first.body.deck_id}/draw/?count=5`);
    assert.equal(r.body.cards.length, 2);
    assert.equal(r.body.error, 'Not enough cards remaining to draw 5 additional');
  });

  test('shuffle: full brings everything back and deletes piles; remaining=true keeps them', async () => {
    const t = testApp();
    const id = await shuffledDeck(t);
    const drawn = await t.call(`/api/deck/${id}/draw/?count=3`);
    const codes = drawn.body.cards.map((c: { code: string }) => c.code).join(',');
    await t.call(`/api/deck/${id}/pile/p1/add/?cards=${codes}`);
    const keep = await t.call(`/api/deck/${id}/shuffle/?remaining=true`);
    assert.equal(keep.body.remaining, 49);
    assert.deepEqual(keep.body.piles, { p1: { remaining: 3 } });
    const legacy = await t.call(`/api/shuffle/${id}/`);
    assert.equal(legacy.body.remaining, 52);
    assert.equal(legacy.body.piles, undefined);
    const list = await t.call(`/api/deck/${id}/pile/p1/list/`);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.piles, {});
    assert.ok(await conserved(t, id));
    assert.equal(
      (await t.call(`/api/deck/${id}/shuffle/?remaining=maybe`)).body.code,
      'BAD_BOOLEAN',
    );
    // A full reshuffle refuses deck_count out of 1–20 with the new-deck messages, as the
    // reference's does, and changes nothing; in range it is ignored. remaining=true never reads it.
    await t.call(`/api/deck/${id}/draw/?count=2`);
    const high = await t.call(`/api/deck/${id}/shuffle/?deck_count=25`);
    assert.equal(high.status, 400);
    assert.equal(high.body.error, 'The max number of Decks is 20.');
    assert.equal((await t.call(`/api/shuffle/${id}/?deck_count=0`)).body.code, 'TOO_FEW_DECKS');
    assert.equal((await t.call(`/api/deck/${id}/`)).body.remaining, 50);
    assert.equal((await t.call(`/api/deck/${id}/shuffle/?deck_count=3`)).body.remaining, 52);
    const rest = await t.call(`/api/deck/${id}/shuffle/?deck_count=25&remaining=true`);
    assert.equal(rest.status, 200);
  });

  test('return: all, or listed ones; AS,AS cannot duplicate; rejected lists what was not applied', async () => {
    const t = testApp();
    const d = await t.call('/api/deck/new/');
    const id = d.body.deck_id;
    await t.call(`/api/deck/${id}/draw/?count=3`); // AS 2S 3S
    const r = await t.call(`/api/deck/${id}/return/?cards=AS,AS,KH,ZZ`);
    assert.deepEqual(r.body, {
      success: true,
      deck_id: id,
      remaining: 50,
      rejected: ['ZZ', 'AS', 'KH'],
    });
    const all = await t.call(`/api/deck/${id}/return/`);
    assert.equal(all.body.remaining, 52);
    assert.deepEqual(all.body.rejected, []);
    assert.ok(await conserved(t, id));
  });
});

describe('piles', () => {
  async function withPile(t: ReturnType<typeof testApp>) {
    const id = (await t.call('/api/deck/new/')).body.deck_id as string;
    await t.call(`/api/deck/${id}/draw/?count=5`); // AS 2S 3S 4S 5S
    return id;
  }

  test('add, list, shuffle, draw (top, bottom, random, listed), return', async () => {
    const t = testApp();
    const id = await withPile(t);
    const add = await t.call(`/api/deck/${id}/pile/p1/add/?cards=AS,2S,3S,KH`);
    assert.deepEqual(add.body, {
      success: true,
      deck_id: id,
      remaining: 47,
      piles: { p1: { remaining: 3 } },
      rejected: ['KH'],
    });
    const list = await t.call(`/api/deck/${id}/pile/p1/list`);
    assert.deepEqual(
      list.body.piles.p1.cards.map((c: { code: string }) => c.code),
      ['AS', '2S', '3S'],
    );
    assert.equal((await t.call(`/api/deck/${id}/pile/p1/shuffle/`)).body.piles.p1.remaining, 3);
    await t.call(`/api/deck/${id}/pile/p1/return/`);
    await t.call(`/api/deck/${id}/pile/p1/add/?cards=4S,5S`);
    const top = await t.call(`/api/deck/${id}/pile/p1/draw/?count=1`);
    assert.deepEqual(Object.keys(top.body), ['success', 'deck_id', 'remaining', 'cards', 'piles']);
    assert.equal(top.body.cards[0].code, '5S');
    await t.call(`/api/deck/${id}/pile/p1/add/?cards=5S`);
    // Two from the top come out in the pile's order (bottom first), as the reference's p[-2:].
    const two = await t.call(`/api/deck/${id}/pile/p1/draw/?count=2`);
    assert.deepEqual(
      two.body.cards.map((c: { code: string }) => c.code),
      ['4S', '5S'],
    );
    await t.call(`/api/deck/${id}/pile/p1/add/?cards=4S`);
    await t.call(`/api/deck/${id}/pile/p1/add/?cards=5S`);
    assert.equal((await t.call(`/api/deck/${id}/pile/p1/draw/bottom/`)).body.cards[0].code, '4S');
    await t.call(`/api/deck/${id}/pile/p1/add/?cards=4S`);
    const random = await t.call(`/api/deck/${id}/pile/p1/draw/random?count=2`);
    assert.equal(random.body.cards.length, 2);
    assert.equal(random.body.piles.p1.remaining, 0);
    const back = await t.call(`/api/deck/${id}/pile/p1/add/?cards=4S,5S`);
    assert.equal(back.body.piles.p1.remaining, 2);
    const listed = await t.call(`/api/deck/${id}/pile/p1/draw/?cards=4s`);
    assert.equal(listed.body.cards[0].code, '4S');
    const ret = await t.call(`/api/deck/${id}/pile/p1/return/?cards=5S,QD`);
    assert.deepEqual(ret.body.rejected, ['QD']);
    assert.equal(ret.body.piles.p1.remaining, 0);
    assert.ok(await conserved(t, id));
  });

  test('add without cards is the reference’s 404; an empty cards= creates the empty pile', async () => {
    const t = testApp();
    const id = await withPile(t);
    const none = await t.call(`/api/deck/${id}/pile/p1/add/`);
    assert.equal(none.status, 404);
    assert.equal(none.body.error, 'You must specify cards to add to the pile.');
    assert.equal(none.body.code, 'CARDS_REQUIRED');
    const empty = await t.call(`/api/deck/${id}/pile/p1/add/?cards=`);
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body.piles, { p1: { remaining: 0 } });
  });

  test('missing piles, missing cards and pile overdraws are JSON 404s with the reference’s messages', async () => {
    const t = testApp();
    const id = await withPile(t);
    for (const op of ['draw/', 'draw/bottom/', 'shuffle/', 'return/']) {
      const r = await t.call(`/api/deck/${id}/pile/nope/${op}`);
      assert.equal(r.status, 404, op);
      assert.equal(r.body.error, 'The pile, nope does not exist.');
      assert.equal(r.body.code, 'PILE_NOT_FOUND');
    }
    await t.call(`/api/deck/${id}/pile/p1/add/?cards=AS`);
    const lacks = await t.call(`/api/deck/${id}/pile/p1/draw/?cards=AS,KH`);
    assert.equal(lacks.status, 404);
    assert.equal(lacks.body.error, 'The pile, p1 does not contain the requested cards.');
    assert.equal((await t.call(`/api/deck/${id}/pile/p1/list/`)).body.piles.p1.remaining, 1);
    // Overdrawing a pile is the reference's 404 with its message, and the pile keeps its cards.
    for (const where of ['', 'bottom/', 'random/']) {
      const over = await t.call(`/api/deck/${id}/pile/p1/draw/${where}?count=2`);
      assert.equal(over.status, 404, where);
      assert.deepEqual(over.body, {
        success: false,
        error: 'Not enough cards remaining to draw 2 additional',
        code: 'PILE_OVERDRAWN',
      });
    }
    assert.equal((await t.call(`/api/deck/${id}/pile/p1/list/`)).body.piles.p1.remaining, 1);
    const zero = await t.call(`/api/deck/${id}/pile/p1/draw/?count=0`);
    assert.equal(zero.body.cards.length, 0, 'count 0 never empties the pile');
    assert.equal((await t.call(`/api/deck/${id}/pile/p1/draw/?count=-2`)).status, 400);
  });

  test('pile names: 64 characters of [-A-Za-z0-9_]; others are 400s', async () => {
    const t = testApp();
    const id = await withPile(t);
    assert.equal((await t.call(`/api/deck/${id}/pile/${'a'.repeat(64)}/add/?cards=`)).status, 200);
    for (const bad of ['a'.repeat(65), 'sp%20ace', '%C3%A9', 'a.b']) {
      const r = await t.call(`/api/deck/${id}/pile/${bad}/add/?cards=`);
      assert.equal(r.status, 400, bad);
      assert.equal(r.body.code, 'BAD_PILE_NAME');
    }
  });

  test('piles with six decks: each copy is its own card', async () => {
    const t = testApp();
    const id = (await t.call('/api/deck/new/?deck_count=6&cards=AS')).body.deck_id;
    await t.call(`/api/deck/${id}/draw/?count=6`);
    for (const p of ['a', 'b', 'c']) await t.call(`/api/deck/${id}/pile/${p}/add/?cards=AS,AS`);
    const list = await t.call(`/api/deck/${id}/pile/a/list/`);
    assert.deepEqual(list.body.piles, {
      a: { remaining: 2, cards: list.body.piles.a.cards },
      b: { remaining: 2 },
      c: { remaining: 2 },
    });
    assert.ok(await conserved(t, id));
  });
});

describe('HTTP details', () => {
  test('CORS on answers, errors, images and OPTIONS preflight', async () => {
    const t = testApp();
    for (const path of [
      '/api/deck/new/',
      '/api/deck/nope/',
      '/static/img/AS.svg',
      '/nowhere',
      '/',
    ]) {
      const r = await t.call(path);
      assert.equal(r.headers.get('access-control-allow-origin'), '*', path);
    }
    const pre = await t.call('/api/deck/new/shuffle/', {
      method: 'OPTIONS',
      headers: { origin: 'https://x.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), '*');
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /Content-Type/);
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /Authorization/);
  });

  test('GET / and /docs answer 200 pages, not redirects; unknown paths are JSON 404s', async () => {
    const t = testApp();
    for (const path of ['/', '/docs', '/docs/']) {
      const r = await t.call(path);
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-type') ?? '', /text\/html/);
    }
    const r = await t.call('/api/nothing/here/');
    assert.equal(r.status, 404);
    assert.equal(r.body.code, 'NOT_FOUND');
    assert.equal((await t.call('/api/deck/new/', { method: 'DELETE' })).status, 405);
    assert.equal((await t.call('/api/deck/new/', { method: 'HEAD' })).status, 405);
    assert.equal((await t.call('/healthz')).body.ok, true);
  });

  test('images: SVG and PNG for all 54 cards and the back, at the URLs the cards name', async () => {
    const t = testApp();
    const names = [...'SDCH'].flatMap((s) => [...'A234567890JQK'].map((v) => v + s));
    names.push('X1', 'X2', 'back', 'aceDiamonds');
    const svgs = new Set<string>();
    for (const n of names) {
      const r = await t.call(`/static/img/${n}.svg`);
      assert.equal(r.status, 200, n);
      assert.equal(r.headers.get('content-type'), 'image/svg+xml');
      svgs.add(r.body);
    }
    assert.equal(svgs.size, 55, 'every face distinct (AD and aceDiamonds are one)');
    const png = await t.call('/static/img/back.png');
    assert.equal(png.status, 200);
    assert.equal(png.headers.get('content-type'), 'image/png');
    assert.equal((await t.call('/static/img/ZZ.png')).status, 404);
  });

  test('image URLs use PUBLIC_URL when set, else the request’s origin', async () => {
    const t = testApp({ publicUrl: 'https://cards.example.org' });
    const r = await t.call('/api/deck/new/draw/');
    assert.match(r.body.cards[0].image, /^https:\/\/cards\.example\.org\/static\/img\/\w+\.png$/);
    const u = testApp();
    const s = await u.call('http://dealer.test:9000/api/deck/new/draw/');
    assert.match(s.body.cards[0].images.svg, /^http:\/\/dealer\.test:9000\/static\/img\//);
  });

  test('limits: body over 16 KiB is 413, URL over 8 KiB is 414, cards over 1,080 is 400', async () => {
    const t = testApp();
    const big = await t.call('/api/deck/new/', form(`cards=${'AS,'.repeat(6000)}`));
    assert.equal(big.status, 413);
    assert.equal(big.body.code, 'BODY_TOO_LARGE');
    const long = await t.call(`/api/deck/new/?x=${'a'.repeat(9000)}`);
    assert.equal(long.status, 414);
    const many = await t.call('/api/deck/new/', form(`cards=${'AS,'.repeat(1081)}`));
    assert.equal(many.status, 400);
    assert.equal(many.body.code, 'TOO_MANY_CARDS');
    assert.equal((await t.call('/api/deck/new/', json([1]))).body.code, 'BAD_BODY');
    const broken = await t.call('/api/deck/new/', {
      method: 'POST',
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(broken.status, 400);
  });

  test('rate limit: burst then 429 with Retry-After, per client, /healthz exempt', async () => {
    let now = 0;
    const t = testApp({ rateLimit: 2, rateBurst: 3 }, { now: () => now });
    const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });
    for (let i = 0; i < 3; i++)
      assert.equal((await t.call('/api/deck/new/', undefined, from('a'))).status, 200);
    const limited = await t.call('/api/deck/new/', undefined, from('a'));
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, 'RATE_LIMITED');
    assert.equal(limited.headers.get('retry-after'), '1');
    assert.equal((await t.call('/api/deck/new/', undefined, from('b'))).status, 200);
    assert.equal((await t.call('/healthz', undefined, from('a'))).status, 200);
    now += 500; // half a second refills one token at 2/s
    assert.equal((await t.call('/api/deck/new/', undefined, from('a'))).status, 200);
    assert.equal((await t.call('/api/deck/new/', undefined, from('a'))).status, 429);
  });

  test('the default limit lets a reference-style client through: a burst of 100 at once', async () => {
    const t = testApp({ rateLimit: 50, rateBurst: 100 }, { now: () => 0 });
    const id = await shuffledDeck(t);
    const answers = await Promise.all(
      Array.from({ length: 99 }, () => t.call(`/api/deck/${id}/draw/?count=0`)),
    );
    assert.ok(answers.every((a) => a.status === 200));
    assert.equal((await t.call(`/api/deck/${id}/`)).status, 429);
  });

  test('one log line per request, without the query string or the deck id', async () => {
    const t = testApp();
    const id = await shuffledDeck(t);
    await t.call(`/api/deck/${id}/draw/?count=2&secret=hunter2`);
    await t.call(`/api/draw/${id}/`);
    assert.equal(t.logs.length, 3);
    for (const line of t.logs) {
      assert.ok(!line.includes(id) && !line.includes('hunter2') && !line.includes('?'), line);
      const r = JSON.parse(line);
      assert.match(r.method, /^(GET|POST)$/);
      assert.equal(typeof r.status, 'number');
      assert.equal(typeof r.ms, 'number');
    }
    assert.equal(JSON.parse(t.logs[1] ?? '').path, '/api/deck/:id/draw');
  });
});
