import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { chacha20 } from '../index.ts';
import { type AppOptions, createApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { isConserved } from './deck/conserved.ts';
import { openSqliteStore } from './store/sqlite/deck-store.ts';

// docs/COMPATIBILITY.md, replayed: every item it names (a fault's or a kept behaviour's bold name,
// a difference's first cell) has a scenario here that checks fairdeal's side as the file states
// it, and every scenario names an item of the file, so the file cannot promise what is not
// replayed, nor lose an item that still is.

const DOC = readFileSync(new URL('../../docs/COMPATIBILITY.md', import.meta.url), 'utf8');

function documentedItems(): string[] {
  const section = (title: string): string => {
    const start = DOC.indexOf(`## ${title}`);
    assert.ok(start !== -1, `docs/COMPATIBILITY.md has a section "${title}"`);
    const end = DOC.indexOf('\n## ', start + 1);
    return DOC.slice(start, end === -1 ? undefined : end);
  };
  const faults = [...section('Faults').matchAll(/^\d+\. \*\*(.+?)\*\*/gm)].map((m) => m[1]!);
  const rows = [...section('Differences').matchAll(/^\| (.+?) \|/gm)]
    .map((m) => m[1]!)
    .filter((cell) => cell !== 'where' && !cell.startsWith('---'));
  const kept = [...section('Kept').matchAll(/^- \*\*(.+?)\*\*/gm)].map((m) => m[1]!);
  return [...faults, ...rows, ...kept];
}

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
  readonly body: any;
}

// An in-process app whose answers keep their raw text (the JSON text is itself an item); seeded
// unless `secure` (then the service's default source).
function compatApp(
  config: Partial<ServerConfig> = {},
  extra: Partial<AppOptions> = {},
  secure = false,
) {
  const store = openSqliteStore({ path: ':memory:' });
  const app = createApp({
    store,
    ...(secure ? {} : { source: chacha20('compatibility') }),
    config: { rateLimit: 0, ...config },
    webDir: null,
    ...extra,
  });
  const call = async (path: string, init?: RequestInit): Promise<Answer> => {
    const res = await app.request(`http://localhost:8080${path}`, init);
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').includes('json') && text !== '';
    return { status: res.status, headers: res.headers, text, body: json ? JSON.parse(text) : text };
  };
  const newDeck = async (query = ''): Promise<string> => {
    const r = await call(`/api/deck/new/${query}`);
    assert.equal(r.status, 200, r.text);
    return r.body.deck_id;
  };
  const codes = (cards: readonly { code: string }[]): string[] => cards.map((c) => c.code);
  const drawn = async (path: string): Promise<string[]> => codes((await call(path)).body.cards);
  const conserved = async (id: string): Promise<boolean> => {
    const deck = await store.readDeck(id);
    return deck !== undefined && isConserved(deck);
  };
  return { call, newDeck, codes, drawn, conserved };
}
type App = ReturnType<typeof compatApp>;

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

// An unshuffled deck with AS…5S drawn and pile `p` holding 3S,2S,4S,5S (bottom to top).
async function deckWithPile(a: App): Promise<string> {
  const id = await a.newDeck();
  await a.call(`/api/deck/${id}/draw/?count=5`);
  const add = await a.call(`/api/deck/${id}/pile/p/add/?cards=3S,2S,4S,5S`);
  assert.deepEqual(add.body.piles, { p: { remaining: 4 } });
  return id;
}

async function pileCodes(a: App, id: string, pile: string): Promise<string[]> {
  return a.codes((await a.call(`/api/deck/${id}/pile/${pile}/list/`)).body.piles[pile].cards);
}

const SCENARIOS: Record<string, (a: App) => Promise<void>> = {
  // Faults of the reference that fairdeal fixes
  'Bad numbers.': async (a) => {
    const id = await a.newDeck('shuffle/');
    const bad = await a.call(`/api/deck/${id}/draw/?count=abc`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'BAD_COUNT');
    assert.equal((await a.call('/api/deck/new/?deck_count=x')).body.code, 'BAD_DECK_COUNT');
    assert.equal((await a.call(`/api/deck/${id}/draw/?count=`)).body.cards.length, 1);
    assert.equal((await a.call('/api/deck/new/?deck_count=')).body.remaining, 52);
  },
  'Missing piles.': async (a) => {
    const id = await a.newDeck();
    for (const op of ['draw/', 'draw/bottom/', 'draw/random/', 'shuffle/', 'return/']) {
      const r = await a.call(`/api/deck/${id}/pile/nope/${op}`);
      assert.equal(r.status, 404, op);
      assert.equal(r.body.error, 'The pile, nope does not exist.');
      assert.equal(r.body.code, 'PILE_NOT_FOUND');
    }
    const unknown = await a.call('/api/nowhere/');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'NOT_FOUND');
  },
  'Cards are conserved.': async (a) => {
    const id = await a.newDeck();
    await a.call(`/api/deck/${id}/draw/?count=1`); // AS
    const back = await a.call(`/api/deck/${id}/return/?cards=AS,AS`);
    assert.equal(back.body.remaining, 52);
    assert.deepEqual(back.body.rejected, ['AS']);
    await a.call(`/api/deck/${id}/draw/?count=1`); // 2S (AS went under the stack)
    // The second 2S is the one already on the pile: it moves to the top (as the reference's).
    const add = await a.call(`/api/deck/${id}/pile/p/add/?cards=2S,2S`);
    assert.deepEqual(add.body.piles, { p: { remaining: 1 } });
    assert.deepEqual(add.body.rejected, []);
    assert.ok(await a.conserved(id));
    const empty = await a.newDeck('?cards=');
    assert.equal((await a.call(`/api/deck/${empty}/return/`)).body.remaining, 0);
  },
  'Several decks.': async (a) => {
    const id = await a.newDeck('?deck_count=6&cards=AS');
    await a.call(`/api/deck/${id}/draw/?count=2`);
    // Four AS are still in the stack, yet each drawn AS is its own card and can be piled.
    const add = await a.call(`/api/deck/${id}/pile/p/add/?cards=AS,AS`);
    assert.deepEqual(add.body.piles, { p: { remaining: 2 } });
    assert.deepEqual(add.body.rejected, []);
    const ret = await a.call(`/api/deck/${id}/pile/p/return/?cards=AS`);
    assert.deepEqual(ret.body.piles, { p: { remaining: 1 } });
    assert.equal(ret.body.remaining, 5);
    assert.ok(await a.conserved(id));
  },
  'Rejected cards are reported.': async (a) => {
    const id = await a.newDeck();
    await a.call(`/api/deck/${id}/draw/?count=1`); // AS
    const add = await a.call(`/api/deck/${id}/pile/p/add/?cards=ZZ,KH,AS`);
    assert.deepEqual(add.body.rejected, ['ZZ', 'KH']);
    const ret = await a.call(`/api/deck/${id}/return/?cards=QD`);
    assert.deepEqual(ret.body.rejected, ['QD']);
    const pileRet = await a.call(`/api/deck/${id}/pile/p/return/?cards=AS,2S`);
    assert.deepEqual(pileRet.body.rejected, ['2S']);
  },
  'Atomic changes.': async (a) => {
    const id = await a.newDeck('shuffle/');
    const draws = await Promise.all(
      Array.from({ length: 30 }, () => a.drawn(`/api/deck/${id}/draw/?count=2`)),
    );
    const all = draws.flat();
    assert.equal(all.length, 52, 'every card handed out, none lost');
    assert.equal(new Set(all).size, 52, 'no card twice');
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        a.call(`/api/deck/${id}/pile/p${i}/add/?cards=${all[2 * i]},${all[2 * i + 1]}`),
      ),
    );
    const list = await a.call(`/api/deck/${id}/pile/p0/list/`);
    assert.equal(Object.keys(list.body.piles).length, 10, 'no pile write lost');
    assert.ok(await a.conserved(id));
  },
  'Secure shuffles and ids.': async () => {
    // What a predictable generator does: two services seeded alike make the same ids and orders.
    const seeded = [compatApp(), compatApp()];
    const sameIds = await Promise.all(seeded.map((s) => s.newDeck('shuffle/')));
    assert.equal(sameIds[0], sameIds[1]);
    // The service's default source (Web Crypto) never does.
    const secure = [compatApp({}, {}, true), compatApp({}, {}, true)];
    const ids = await Promise.all(secure.map((s) => s.newDeck('shuffle/')));
    assert.notEqual(ids[0], ids[1]);
    for (const id of ids) assert.match(id, /^[a-z0-9]{20}$/);
    const orders = await Promise.all(
      secure.map((s, i) => s.drawn(`/api/deck/${ids[i]}/draw/?count=52`)),
    );
    assert.notDeepEqual(orders[0], orders[1]);
  },
  'No count draws cards it should not.': async (a) => {
    const id = await deckWithPile(a);
    const zero = await a.call(`/api/deck/${id}/pile/p/draw/?count=0`);
    assert.deepEqual(zero.body.cards, []);
    assert.deepEqual(zero.body.piles, { p: { remaining: 4 } });
    const negative = await a.call(`/api/deck/${id}/draw/?count=-2`);
    assert.equal(negative.status, 400);
    assert.equal(negative.body.code, 'BAD_COUNT');
    assert.equal((await a.call(`/api/deck/${id}/`)).body.remaining, 47);
  },

  // Differences a byte-exact client could see
  'deck ids': async (a) => {
    const id = await a.newDeck();
    assert.match(id, /^[a-z0-9]{20}$/);
    const upper = await a.call(`/api/deck/${id.toUpperCase()}/`);
    assert.equal(upper.status, 200);
    assert.equal(upper.body.deck_id, id);
  },
  'JSON text': async (a) => {
    const r = await a.call('/api/deck/new/');
    assert.match(
      r.text,
      /^\{"success":true,"deck_id":"[a-z0-9]{20}","remaining":52,"shuffled":false\}$/,
    );
  },
  headers: async (a) => {
    for (const path of ['/api/deck/new/', '/api/deck/aaaaaaaaaaaa/']) {
      const r = await a.call(path);
      const all: [string, string][] = [];
      r.headers.forEach((value, name) => {
        // The request id differs on every answer: its shape is checked, not its value.
        all.push([
          name,
          name === 'x-request-id' && /^[a-z0-9]+-[a-z0-9]+$/.test(value) ? '…' : value,
        ]);
      });
      assert.deepEqual(
        all.sort(),
        [
          ['access-control-allow-origin', '*'],
          ['access-control-expose-headers', 'Retry-After, X-Request-Id'],
          ['cache-control', 'no-store'],
          ['content-type', 'application/json'],
          ['x-request-id', '…'],
        ],
        path,
      );
    }
  },
  'error bodies': async (a) => {
    const r = await a.call('/api/deck/aaaaaaaaaaaa/draw/');
    assert.deepEqual(r.body, {
      success: false,
      error: 'Deck ID does not exist.',
      code: 'DECK_NOT_FOUND',
    });
    const id = await deckWithPile(a);
    const lacks = await a.call(`/api/deck/${id}/pile/p/draw/?cards=KH`);
    assert.deepEqual(lacks.body, {
      success: false,
      error: 'The pile, p does not contain the requested cards.',
      code: 'PILE_LACKS_CARDS',
      rejected: ['KH'],
    });
  },
  '`deck_count` out of range': async (a) => {
    for (const path of ['/api/deck/new/', '/api/deck/new/shuffle/', '/api/deck/new/draw/']) {
      const high = await a.call(`${path}?deck_count=25`);
      assert.equal(high.status, 400, path);
      assert.deepEqual(high.body, {
        success: false,
        error: 'The max number of Decks is 20.',
        code: 'TOO_MANY_DECKS',
      });
      const low = await a.call(`${path}?deck_count=0`);
      assert.equal(low.status, 400, path);
      assert.equal(low.body.error, 'The min number of Decks is 1.');
      assert.equal(low.body.code, 'TOO_FEW_DECKS');
    }
    const id = await a.newDeck();
    assert.equal((await a.call(`/api/deck/${id}/shuffle/?deck_count=21`)).status, 400);
    const digits = await a.call('/api/deck/new/?deck_count=0000000000000001');
    assert.equal(digits.status, 400);
    assert.equal(digits.body.code, 'BAD_DECK_COUNT');
  },
  'numbers Python reads': async (a) => {
    const id = await a.newDeck();
    assert.equal((await a.call(`/api/deck/${id}/draw/?count=1_0`)).body.code, 'BAD_COUNT');
    const arabic = await a.call(`/api/deck/new/?deck_count=${encodeURIComponent('٣')}`);
    assert.equal(arabic.status, 400);
    assert.equal(arabic.body.code, 'BAD_DECK_COUNT');
  },
  'deck overdraw': async (a) => {
    const id = await a.newDeck('shuffle/');
    await a.call(`/api/deck/${id}/draw/?count=50`);
    const r = await a.call(`/api/deck/${id}/draw/?count=5`);
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body), [
      'success',
      'deck_id',
      'cards',
      'remaining',
      'error',
      'code',
    ]);
    assert.equal(r.body.success, false);
    assert.equal(r.body.cards.length, 2);
    assert.equal(r.body.remaining, 0);
    assert.equal(r.body.error, 'Not enough cards remaining to draw 5 additional');
    assert.equal(r.body.code, 'NOT_ENOUGH_CARDS');
    const huge = await a.call(`/api/deck/${id}/draw/?count=99999999999999999999`);
    assert.equal(huge.body.error, 'Not enough cards remaining to draw 9007199254740991 additional');
  },
  'pile add, deck return, pile return': async (a) => {
    const id = await deckWithPile(a);
    const add = await a.call(`/api/deck/${id}/pile/q/add/?cards=AS`);
    const ret = await a.call(`/api/deck/${id}/return/`);
    const pileRet = await a.call(`/api/deck/${id}/pile/p/return/`);
    for (const r of [add, ret, pileRet]) assert.deepEqual(r.body.rejected, []);
  },
  'codes left out of `cards` on a new deck, a reshuffle or a pile draw': async (a) => {
    const r = await a.call('/api/deck/new/?cards=AS,ZZ,X1');
    assert.equal(r.body.remaining, 1);
    assert.deepEqual(r.body.rejected, ['ZZ', 'X1']);
    const clean = await a.call('/api/deck/new/?cards=AS,X1&jokers_enabled=true');
    assert.equal(clean.body.remaining, 2);
    assert.ok(!('rejected' in clean.body));
    const id = await deckWithPile(a);
    const drawn = await a.call(`/api/deck/${id}/pile/p/draw/?cards=2S,ZZ`);
    assert.deepEqual(drawn.body.rejected, ['ZZ']);
    const plain = await a.call(`/api/deck/${id}/pile/p/draw/?cards=3S`);
    assert.ok(!('rejected' in plain.body));
    const again = await a.call(`/api/deck/${id}/shuffle/?cards=AS,ZZ,X2`);
    assert.deepEqual(again.body.rejected, ['ZZ', 'X2']);
    assert.ok(!('rejected' in (await a.call(`/api/deck/${id}/shuffle/?cards=AS`)).body));
  },
  'deck status, shuffle': async (a) => {
    const id = await a.newDeck();
    const plain = await a.call(`/api/deck/${id}/`);
    assert.deepEqual(Object.keys(plain.body), ['success', 'deck_id', 'remaining', 'shuffled']);
    await a.call(`/api/deck/${id}/draw/?count=1`);
    await a.call(`/api/deck/${id}/pile/p/add/?cards=AS`);
    for (const path of [`/api/deck/${id}/`, `/api/deck/${id}/shuffle/?remaining=true`]) {
      const r = await a.call(path);
      assert.deepEqual(r.body.piles, { p: { remaining: 1 } }, path);
    }
  },
  'pile draw': async (a) => {
    const id = await deckWithPile(a);
    const r = await a.call(`/api/deck/${id}/pile/p/draw/`);
    assert.deepEqual(Object.keys(r.body), ['success', 'deck_id', 'remaining', 'cards', 'piles']);
    assert.equal(r.body.remaining, 47);
  },
  'pile add of a card in the stack': async (a) => {
    const id = await deckWithPile(a);
    const r = await a.call(`/api/deck/${id}/pile/p/add/?cards=KH`);
    assert.deepEqual(r.body.rejected, ['KH']);
    assert.deepEqual(r.body.piles, { p: { remaining: 4 } });
  },
  'listing a pile of a deck that never had one': async (a) => {
    const id = await a.newDeck();
    const r = await a.call(`/api/deck/${id}/pile/p/list/`);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.piles, {});
  },
  'trailing slash': async (a) => {
    const r = await a.call('/api/deck/new');
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('location'), null);
    const post = await a.call(`/api/deck/${r.body.deck_id}/draw`, form('count=2'));
    assert.equal(post.body.cards.length, 2);
  },
  'POST bodies': async (a) => {
    const id = await a.newDeck('shuffle/');
    assert.equal((await a.call(`/api/deck/${id}/draw/`, json({ count: 2 }))).body.cards.length, 2);
    const list = await a.call('/api/deck/new/', json({ cards: ['AS', '2S'], deck_count: 2 }));
    assert.equal(list.body.remaining, 4);
    // Bytes, so that the request carries no Content-Type at all (a string would be text/plain).
    const bytes = new TextEncoder().encode('count=3');
    const bare = await a.call(`/api/deck/${id}/draw/`, { method: 'POST', body: bytes });
    assert.equal(
      new Request('http://x/', { method: 'POST', body: bytes }).headers.get('content-type'),
      null,
    );
    assert.equal(bare.body.cards.length, 3);
    const multipart = new FormData();
    multipart.set('count', '4');
    const mp = await a.call(`/api/deck/${id}/draw/?count=9`, { method: 'POST', body: multipart });
    assert.equal(mp.body.cards.length, 4);
    const queryOnly = await a.call(`/api/deck/${id}/draw/?count=5`, json({}));
    assert.equal(queryOnly.body.cards.length, 1);
  },
  booleans: async (a) => {
    for (const yes of ['true', 'TRUE', '1', 'yes', 'On']) {
      assert.equal((await a.call(`/api/deck/new/?jokers_enabled=${yes}`)).body.remaining, 54, yes);
    }
    for (const no of ['false', '0', 'no', 'OFF', '']) {
      assert.equal((await a.call(`/api/deck/new/?jokers_enabled=${no}`)).body.remaining, 52, no);
    }
    const maybe = await a.call('/api/deck/new/?jokers_enabled=maybe');
    assert.equal(maybe.status, 400);
    assert.equal(maybe.body.code, 'BAD_BOOLEAN');
  },
  'HEAD, PUT, DELETE, … on `/api/…`': async (a) => {
    const id = await a.newDeck();
    for (const method of ['HEAD', 'PUT', 'DELETE', 'PATCH']) {
      const r = await a.call(`/api/deck/${id}/draw/`, { method });
      assert.equal(r.status, 405, method);
    }
    assert.equal((await a.call(`/api/deck/${id}/`)).body.remaining, 52, 'nothing was drawn');
  },
  'CORS preflight': async (a) => {
    const r = await a.call('/api/deck/new/', {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'POST', origin: 'https://game.example' },
    });
    assert.equal(r.status, 204);
    assert.equal(r.headers.get('access-control-allow-methods'), 'GET, POST, DELETE, HEAD, OPTIONS');
    assert.equal(
      r.headers.get('access-control-allow-headers'),
      'Content-Type, Authorization, Idempotency-Key, Last-Event-ID',
    );
    for (const path of ['/api/deck/new/', '/api/nowhere/', '/static/img/AS.svg']) {
      const any = await a.call(path);
      assert.equal(any.headers.get('access-control-allow-origin'), '*', path);
    }
  },
  limits: async (a) => {
    const id = await a.newDeck();
    const body = await a.call(`/api/deck/${id}/draw/`, form(`x=${'a'.repeat(17 * 1024)}`));
    assert.equal(body.status, 413);
    assert.equal((await a.call(`/api/deck/${id}/draw/?x=${'a'.repeat(8 * 1024)}`)).status, 414);
    const codes = Array.from({ length: 1081 }, () => 'AS').join(',');
    const many = await a.call('/api/deck/new/', form(`cards=${codes}`));
    assert.equal(many.status, 400);
    assert.equal(many.body.code, 'TOO_MANY_CARDS');
    const shoe = await a.newDeck('?deck_count=20');
    const big = await a.call(`/api/deck/${shoe}/shuffle/?cards=${Array(55).fill('AS').join(',')}`);
    assert.equal(big.status, 400);
    assert.equal(big.body.code, 'DECK_TOO_LARGE');
    assert.equal((await a.call(`/api/deck/${shoe}/`)).body.remaining, 1040, 'nothing changed');
    for (let i = 0; i < 100; i++) await a.call(`/api/deck/${id}/pile/p${i}/add/?cards=`);
    assert.equal((await a.call(`/api/deck/${id}/pile/one-more/add/?cards=`)).status, 409);
    const limited = compatApp({ rateLimit: 50, rateBurst: 100 }, { now: () => 0 });
    for (let i = 0; i < 100; i++) assert.equal((await limited.call('/api/deck/new/')).status, 200);
    const slow = await limited.call('/api/deck/new/');
    assert.equal(slow.status, 429);
    assert.ok(Number(slow.headers.get('retry-after')) >= 1);
  },
  'pile names': async (a) => {
    const id = await a.newDeck();
    assert.equal((await a.call(`/api/deck/${id}/pile/${'a'.repeat(64)}/add/?cards=`)).status, 200);
    const long = await a.call(`/api/deck/${id}/pile/${'a'.repeat(65)}/add/?cards=`);
    assert.equal(long.status, 400);
    assert.equal(long.body.code, 'BAD_PILE_NAME');
  },
  images: async (a) => {
    const id = await a.newDeck();
    const [as] = (await a.call(`/api/deck/${id}/draw/?count=1`)).body.cards;
    assert.equal(as.image, 'http://localhost:8080/static/img/AS.png');
    assert.equal(as.images.svg, 'http://localhost:8080/static/img/AS.svg');
    const adDeck = await a.newDeck('?cards=AD');
    const ad = (await a.call(`/api/deck/${adDeck}/draw/`)).body.cards[0];
    assert.equal(ad.image, 'http://localhost:8080/static/img/aceDiamonds.png');
    const svg = await a.call('/static/img/aceDiamonds.svg');
    assert.equal(svg.status, 200);
    assert.match(svg.headers.get('content-type') ?? '', /^image\/svg\+xml/);
  },
  '`/`': async (a) => {
    const home = await a.call('/');
    assert.equal(home.status, 200);
    assert.match(home.headers.get('content-type') ?? '', /^text\/html/);
    const docs = await a.call('/docs');
    assert.equal(docs.status, 200);
    assert.match(docs.text, /fairdeal dealer — API/);
  },
  '`/healthz`, `/openapi.json`, `/docs`': async (a) => {
    assert.deepEqual((await a.call('/healthz')).body, { ok: true });
    assert.equal((await a.call('/openapi.json')).body.openapi, '3.1.0');
    assert.equal((await a.call('/docs')).status, 200);
  },

  // Kept as the reference does, on purpose
  'Unshuffled order': async (a) => {
    const id = await a.newDeck('?jokers_enabled=true&deck_count=2');
    const all = await a.drawn(`/api/deck/${id}/draw/?count=108`);
    const ranks = [...'A234567890JQK'];
    const one = [...'SDCH'].flatMap((s) => ranks.map((r) => r + s)).concat('X1', 'X2');
    assert.deepEqual(all, [...one, ...one]);
  },
  'Card objects': async (a) => {
    const id = await a.newDeck('?cards=0S,X1,X2&jokers_enabled=true');
    const [ten, black, red] = (await a.call(`/api/deck/${id}/draw/?count=3`)).body.cards;
    assert.deepEqual(ten, {
      code: '0S',
      image: 'http://localhost:8080/static/img/0S.png',
      images: {
        svg: 'http://localhost:8080/static/img/0S.svg',
        png: 'http://localhost:8080/static/img/0S.png',
      },
      value: '10',
      suit: 'SPADES',
    });
    assert.deepEqual(
      [black.value, black.suit, red.value, red.suit],
      ['JOKER', 'BLACK', 'JOKER', 'RED'],
    );
  },
  Codes: async (a) => {
    const id = await a.newDeck('?cards=kh,2c,ZZ,10H,0H');
    assert.deepEqual(await a.drawn(`/api/deck/${id}/draw/?count=3`), ['KH', '2C', '0H']);
    const spaced = await a.call(`/api/deck/new/?cards=${encodeURIComponent('AS, 2S,3S ')}`);
    assert.equal(spaced.body.remaining, 1);
    assert.deepEqual(spaced.body.rejected, [' 2S', '3S ']);
    // Every list drops them alike: a pile add, a return, a pile draw.
    const full = await a.newDeck();
    await a.call(`/api/deck/${full}/draw/?count=2`); // AS 2S
    const add = await a.call(`/api/deck/${full}/pile/p/add/?cards=${encodeURIComponent('AS, 2S')}`);
    assert.deepEqual(add.body.piles, { p: { remaining: 1 } });
    const back = await a.call(`/api/deck/${full}/return/?cards=${encodeURIComponent(' 2S')}`);
    assert.equal(back.body.remaining, 50);
  },
  'Jokers in `cards`': async (a) => {
    assert.equal((await a.call('/api/deck/new/?cards=AS,X1')).body.remaining, 1);
    const id = await a.newDeck('?cards=AS,X1&jokers_enabled=true');
    assert.deepEqual(await a.drawn(`/api/deck/${id}/draw/?count=2`), ['AS', 'X1']);
  },
  'Empty `cards=`': async (a) => {
    for (const path of ['/api/deck/new/', '/api/deck/new/shuffle/']) {
      assert.equal((await a.call(`${path}?cards=`)).body.remaining, 0, path);
    }
    assert.equal((await a.call('/api/deck/new/')).body.remaining, 52);
    const id = await a.newDeck();
    const empty = await a.call(`/api/deck/${id}/pile/p/add/?cards=`);
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body.piles, { p: { remaining: 0 } });
    const none = await a.call(`/api/deck/${id}/pile/p/add/`);
    assert.equal(none.status, 404);
    assert.equal(none.body.error, 'You must specify cards to add to the pile.');
  },
  '`cards` with `deck_count`': async (a) => {
    const id = await a.newDeck('?cards=AS,2S&deck_count=3');
    assert.deepEqual(await a.drawn(`/api/deck/${id}/draw/?count=6`), [
      'AS',
      '2S',
      'AS',
      '2S',
      'AS',
      '2S',
    ]);
  },
  'new/draw with `cards`': async (a) => {
    const r = await a.call('/api/deck/new/draw/?cards=AS,2S&count=1');
    assert.equal(r.body.remaining, 51);
    assert.ok(!('rejected' in r.body));
    const jokers = await a.call('/api/deck/new/draw/?cards=AS&jokers_enabled=true&deck_count=2');
    assert.equal(jokers.body.remaining, 107);
    const deck = await a.call(`/api/deck/${jokers.body.deck_id}/shuffle/`);
    assert.equal(deck.body.remaining, 108, 'the stored deck is the full one');
  },
  'Full reshuffle': async (a) => {
    const id = await deckWithPile(a);
    const kept = await a.call(`/api/deck/${id}/shuffle/?remaining=true&deck_count=21`);
    assert.equal(kept.status, 200);
    assert.deepEqual(kept.body.piles, { p: { remaining: 4 } });
    const refused = await a.call(`/api/deck/${id}/shuffle/?deck_count=21`);
    assert.equal(refused.body.error, 'The max number of Decks is 20.');
    assert.deepEqual((await a.call(`/api/deck/${id}/`)).body.piles, { p: { remaining: 4 } });
    const full = await a.call(`/api/deck/${id}/shuffle/?deck_count=3`);
    assert.equal(full.body.remaining, 52);
    assert.deepEqual((await a.call(`/api/deck/${id}/pile/p/list/`)).body.piles, {});
  },
  'Reshuffle with `cards` or `jokers_enabled`': async (a) => {
    const two = await a.newDeck('?deck_count=2');
    await a.call(`/api/deck/${two}/draw/?count=3`);
    await a.call(`/api/deck/${two}/pile/p/add/?cards=AS`);
    const r = await a.call(`/api/deck/${two}/shuffle/?cards=AS,2S`);
    assert.deepEqual(r.body, { success: true, deck_id: two, remaining: 4, shuffled: true });
    const all = await a.drawn(`/api/deck/${two}/draw/?count=4`);
    assert.deepEqual([...all].sort(), ['2S', '2S', 'AS', 'AS']);
    assert.deepEqual((await a.call(`/api/deck/${two}/pile/p/list/`)).body.piles, {});
    assert.ok(await a.conserved(two));
    const full = await a.newDeck();
    const remaining = async (query: string) =>
      (await a.call(`/api/deck/${full}/shuffle/${query}`)).body.remaining;
    assert.equal(await remaining('?jokers_enabled=true'), 54);
    assert.equal(await remaining(''), 54, 'the deck keeps its jokers');
    assert.equal(await remaining('?cards=AS,X1'), 2, 'its jokers setting keeps X1');
    assert.equal(await remaining('?jokers_enabled=true&remaining=true&cards=AS'), 2);
    assert.equal(await remaining('?jokers_enabled=false'), 2, 'a partial deck keeps its cards');
    assert.equal(await remaining('?cards=AS,X1'), 1, 'X1 left out now');
    assert.equal(await remaining('?cards='), 0);
    assert.ok(await a.conserved(full));
  },
  'Deck overdraw': async (a) => {
    const id = await a.newDeck('?cards=AS,2S');
    const r = await a.call(`/api/deck/${id}/draw/?count=3`);
    assert.equal(r.status, 200);
    assert.equal(r.body.success, false);
    assert.equal(r.body.remaining, 0);
    assert.deepEqual(a.codes(r.body.cards), ['AS', '2S']);
  },
  'Pile overdraw': async (a) => {
    const id = await deckWithPile(a);
    for (const where of ['', 'bottom/', 'random/']) {
      const r = await a.call(`/api/deck/${id}/pile/p/draw/${where}?count=5`);
      assert.equal(r.status, 404, where);
      assert.equal(r.body.error, 'Not enough cards remaining to draw 5 additional');
      assert.equal(r.body.code, 'PILE_OVERDRAWN');
    }
    assert.deepEqual(await pileCodes(a, id, 'p'), ['3S', '2S', '4S', '5S']);
  },
  'Pile add order': async (a) => {
    const id = await a.newDeck();
    await a.call(`/api/deck/${id}/draw/?count=4`); // AS 2S 3S 4S
    await a.call(`/api/deck/${id}/pile/a/add/?cards=AS,3S`);
    await a.call(`/api/deck/${id}/pile/b/add/?cards=AS,2S,3S,4S`);
    assert.deepEqual(await pileCodes(a, id, 'b'), ['AS', '2S', '3S', '4S']);
    assert.deepEqual(await pileCodes(a, id, 'a'), []);
    assert.ok(await a.conserved(id));
  },
  'Pile add of a card already on that pile': async (a) => {
    const id = await deckWithPile(a);
    const r = await a.call(`/api/deck/${id}/pile/p/add/?cards=2S`);
    assert.deepEqual(r.body.rejected, []);
    assert.deepEqual(await pileCodes(a, id, 'p'), ['3S', '4S', '5S', '2S']);
    assert.ok(await a.conserved(id));
  },
  'Deck return order': async (a) => {
    const id = await a.newDeck('shuffle/');
    const out = await a.drawn(`/api/deck/${id}/draw/?count=5`);
    const canonical = 'A234567890JQK';
    const rank = (c: string) => 'SDCH'.indexOf(c[1]!) * 13 + canonical.indexOf(c[0]!);
    assert.notDeepEqual(
      out,
      [...out].sort((x, y) => rank(x) - rank(y)),
      'the seed draws 5 cards out of the unshuffled order',
    );
    await a.call(`/api/deck/${id}/return/`);
    const all = await a.drawn(`/api/deck/${id}/draw/?count=52`);
    assert.deepEqual(
      all.slice(47),
      [...out].sort((x, y) => rank(x) - rank(y)),
    );
    const partial = await a.newDeck('?cards=KH,2C,AS&deck_count=2');
    await a.call(`/api/deck/${partial}/shuffle/`);
    await a.call(`/api/deck/${partial}/draw/?count=6`);
    await a.call(`/api/deck/${partial}/return/`);
    assert.deepEqual(await a.drawn(`/api/deck/${partial}/draw/?count=6`), [
      'KH',
      '2C',
      'AS',
      'KH',
      '2C',
      'AS',
    ]);
    await a.call(`/api/deck/${partial}/return/?cards=AS,KH`);
    assert.deepEqual(await a.drawn(`/api/deck/${partial}/draw/?count=2`), ['AS', 'KH']);
  },
  'Pile draw of listed `cards`': async (a) => {
    const id = await deckWithPile(a); // p: 3S 2S 4S 5S
    const r = await a.call(`/api/deck/${id}/pile/p/draw/?cards=4S,ZZ,2S`);
    assert.equal(r.status, 200);
    assert.deepEqual(a.codes(r.body.cards), ['4S', '2S']);
    assert.deepEqual(await pileCodes(a, id, 'p'), ['3S', '5S']);
    for (const cards of ['ZZ', ',', encodeURIComponent(' 3S')]) {
      const none = await a.call(`/api/deck/${id}/pile/p/draw/?cards=${cards}`);
      assert.equal(none.status, 200, cards);
      assert.deepEqual(none.body.cards, [], cards);
    }
    assert.deepEqual(await a.drawn(`/api/deck/${id}/pile/p/draw/?cards=`), ['5S']);
    const lacks = await a.call(`/api/deck/${id}/pile/p/draw/?cards=3S,KH`);
    assert.equal(lacks.status, 404);
    assert.equal(lacks.body.error, 'The pile, p does not contain the requested cards.');
    assert.deepEqual(await pileCodes(a, id, 'p'), ['3S'], 'nothing moved');
    assert.ok(await a.conserved(id));
    const two = await a.newDeck('?cards=AS,KH&deck_count=2');
    await a.call(`/api/deck/${two}/draw/?count=4`);
    await a.call(`/api/deck/${two}/pile/p/add/?cards=AS,KH,AS`);
    assert.deepEqual(await a.drawn(`/api/deck/${two}/pile/p/draw/?cards=AS`), ['AS']);
    assert.deepEqual(await pileCodes(a, two, 'p'), ['KH', 'AS'], 'the bottom AS left');
  },
  'Pile draw order': async (a) => {
    const id = await deckWithPile(a);
    assert.deepEqual(await a.drawn(`/api/deck/${id}/pile/p/draw/?count=2`), ['4S', '5S']);
    await a.call(`/api/deck/${id}/pile/p/add/?cards=4S,5S`);
    assert.deepEqual(await a.drawn(`/api/deck/${id}/pile/p/draw/bottom/?count=2`), ['3S', '2S']);
    const random = await a.drawn(`/api/deck/${id}/pile/p/draw/random/?count=2`);
    assert.deepEqual([...random].sort(), ['4S', '5S']);
  },
  'POST reads its body only': async (a) => {
    const id = await a.newDeck();
    const r = await a.call(`/api/deck/${id}/draw/?count=5`, { method: 'POST' });
    assert.deepEqual(a.codes(r.body.cards), ['AS']);
  },
  'Legacy routes': async (a) => {
    const plain = await a.call('/api/new/');
    assert.equal(plain.body.shuffled, false);
    const id = plain.body.deck_id;
    assert.equal((await a.call('/api/shuffle/')).body.shuffled, true);
    assert.deepEqual(await a.drawn(`/api/draw/${id}/?count=1`), ['AS']);
    const again = await a.call(`/api/shuffle/${id}/`);
    assert.deepEqual([again.body.shuffled, again.body.remaining], [true, 52]);
  },
};

test('docs/COMPATIBILITY.md and its replays name the same items', () => {
  const items = documentedItems();
  assert.equal(new Set(items).size, items.length, 'every item named once');
  assert.ok(items.length > 40, `${items.length} items found`);
  assert.deepEqual([...items].sort(), Object.keys(SCENARIOS).sort());
});

for (const [item, run] of Object.entries(SCENARIOS)) {
  test(`docs/COMPATIBILITY.md: ${item}`, () => run(compatApp()));
}
