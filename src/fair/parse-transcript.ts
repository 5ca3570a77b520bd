import { FAIR_ALGORITHM } from './algorithm.ts';
import { FAIR_V2 } from './header.ts';
import { FAIR_V3 } from './header-v3.ts';
import { jsonInput } from './json-input.ts';
import {
  array,
  bad,
  card,
  hand,
  hex,
  id,
  object,
  options,
  prev,
  seating,
  str,
} from './parse-fields.ts';
import { parseRecordV3 } from './parse-record-v3.ts';
import type { FairTranscriptV1, TranscriptClient } from './transcript.ts';
import type { FairTranscript } from './transcript-v2.ts';
import type { AnyRecordV3 } from './transcript-v3.ts';

/** A record of any version: v3 (current: a dealt transcript or a void record), v2 or v1 (still
 *  verifiable). */
export type AnyFairTranscript = AnyRecordV3 | FairTranscript | FairTranscriptV1;

const TOP_V1 = [
  'algorithm',
  'table',
  'hand',
  'prev',
  'preset',
  'options',
  'server',
  'clients',
  'cards',
  'hash',
];
const TOP_V2 = [
  'algorithm',
  'table',
  'hand',
  'prev',
  'preset',
  'options',
  'seating',
  'server',
  'roster',
  'reveals',
  'plain',
  'cards',
  'hash',
];

/**
 * Checks that untrusted JSON (a parsed value, or text — parsed strictly, duplicate keys refused)
 * has the exact shape of a fairdeal-v2 or fairdeal-v1 transcript, and returns it typed. Shape
 * only: whether the values are *right* is `verify`'s job. Unknown fields are refused, because a
 * verifier must not appear to vouch for data it never checked.
 *
 * @example
 * ```ts
 * const t = parseTranscript(await (await fetch('/hand/12.json')).text());
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` naming the first field that is missing, unknown or
 *   malformed, a duplicate key, an unsupported algorithm id, or text over 16 MiB.
 */
export function parseTranscript(input: unknown): AnyFairTranscript {
  const value = jsonInput(input, 'transcript');
  const t = object(value, 'transcript', null);
  if (t.algorithm === FAIR_V3) return parseRecordV3(t);
  if (t.algorithm === FAIR_V2) return parseV2(t);
  if (t.algorithm === FAIR_ALGORITHM) return parseV1(t);
  return bad(
    'algorithm',
    `must be '${FAIR_V3}', '${FAIR_V2}' or '${FAIR_ALGORITHM}', got ${typeof t.algorithm === 'string' ? `'${t.algorithm.slice(0, 64)}'` : String(t.algorithm)}`,
  );
}

function parseV2(value: Record<string, unknown>): FairTranscript {
  const t = object(value, 'transcript', TOP_V2, TOP_V2);
  const server = object(t.server, 'server', ['commitment', 'seed'], ['commitment', 'seed']);
  return {
    algorithm: FAIR_V2,
    table: id(t.table, 'table'),
    hand: hand(t.hand),
    prev: prev(t.prev),
    preset: str(t.preset, 'preset'),
    options: options(t.options),
    seating: seating(t.seating),
    server: {
      commitment: hex(server.commitment, 'server.commitment'),
      seed: hex(server.seed, 'server.seed'),
    },
    roster: array(t.roster, 'roster').map((v, i) => {
      const e = object(v, `roster[${i}]`, ['player', 'commitment'], ['player', 'commitment']);
      return {
        player: id(e.player, `roster[${i}].player`),
        commitment: hex(e.commitment, `roster[${i}].commitment`),
      };
    }),
    reveals: array(t.reveals, 'reveals').map((v, i) => {
      const r = object(v, `reveals[${i}]`, ['player', 'seed', 'salt'], ['player', 'seed', 'salt']);
      return {
        player: id(r.player, `reveals[${i}].player`),
        seed: str(r.seed, `reveals[${i}].seed`),
        salt: hex(r.salt, `reveals[${i}].salt`),
      };
    }),
    plain:
      t.plain === null
        ? null
        : (() => {
            const p = object(t.plain, 'plain', ['player', 'seed'], ['player', 'seed']);
            return { player: id(p.player, 'plain.player'), seed: str(p.seed, 'plain.seed') };
          })(),
    cards: array(t.cards, 'cards').map(card),
    hash: hex(t.hash, 'hash'),
  };
}

function parseV1(value: Record<string, unknown>): FairTranscriptV1 {
  const t = object(value, 'transcript', TOP_V1, TOP_V1);
  const server = object(t.server, 'server', ['commitment', 'seed'], ['commitment', 'seed']);
  return {
    algorithm: FAIR_ALGORITHM,
    table: id(t.table, 'table'),
    hand: hand(t.hand),
    prev: prev(t.prev),
    preset: str(t.preset, 'preset'),
    options: options(t.options),
    server: {
      commitment: hex(server.commitment, 'server.commitment'),
      seed: hex(server.seed, 'server.seed'),
    },
    clients: array(t.clients, 'clients').map(client),
    cards: array(t.cards, 'cards').map(card),
    hash: hex(t.hash, 'hash'),
  };
}

function client(value: unknown, i: number): TranscriptClient {
  const where = `clients[${i}]`;
  const c = object(value, where, ['player', 'seed', 'commitment', 'salt'], ['player', 'seed']);
  const player = id(c.player, `${where}.player`);
  const seed = str(c.seed, `${where}.seed`);
  if (Object.hasOwn(c, 'commitment') !== Object.hasOwn(c, 'salt')) {
    bad(where, 'must have both commitment and salt, or neither');
  }
  if (!Object.hasOwn(c, 'commitment')) return { player, seed };
  return {
    player,
    seed,
    commitment: hex(c.commitment, `${where}.commitment`),
    salt: hex(c.salt, `${where}.salt`),
  };
}
