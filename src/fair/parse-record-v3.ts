import { checkHex } from './hex.ts';
import { array, bad, card, hand, hex, id, object, options, prev, str } from './parse-fields.ts';
import type {
  AnyRecordV3,
  CommitV3,
  FairRecordV3Base,
  RevealV3,
  VoidReasonV3,
} from './transcript-v3.ts';

const TOP = [
  'algorithm',
  'kind',
  'mode',
  'table',
  'hand',
  'prev',
  'preset',
  'options',
  'dealer',
  'seats',
  'server',
  'commits',
  'roster',
  'reveals',
  'hash',
  'signature',
];

/** A time: a whole number of ms since 1970, 0 … 2^53 − 1. */
function time(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    bad(where, 'must be a whole number of milliseconds since 1970');
  }
  return (value as number) + 0;
}

function signature(value: unknown, where: string): string {
  return checkHex(value, 64, where);
}

function nullable<T>(value: unknown, read: () => T): T | null {
  return value === null ? null : read();
}

/**
 * Checks that untrusted JSON has the exact shape of a fairdeal-v3 record — a dealt transcript
 * (`kind: "dealt"`, with `cards`) or a void record (`kind: "void"`, with `void`) — and returns it
 * typed (docs/FAIR.md §V3.7). Shape only: verify checks the values.
 *
 * @example
 * ```ts
 * const record = parseRecordV3(JSON.parse(text));
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` naming the first field that is wrong.
 */
export function parseRecordV3(value: Record<string, unknown>): AnyRecordV3 {
  const kind = value.kind;
  if (kind !== 'dealt' && kind !== 'void') bad('kind', "must be 'dealt' or 'void'");
  const keys = [...TOP, kind === 'dealt' ? 'cards' : 'void'];
  const t = object(value, 'transcript', keys, keys);
  if (t.mode !== 'fair' && t.mode !== 'practice') bad('mode', "must be 'fair' or 'practice'");
  const server = object(
    t.server,
    'server',
    ['commitment', 'seed', 'at'],
    ['commitment', 'seed', 'at'],
  );
  const base: Omit<FairRecordV3Base, 'algorithm'> & { algorithm: 'fairdeal-v3' } = {
    algorithm: 'fairdeal-v3',
    mode: t.mode as 'fair' | 'practice',
    table: id(t.table, 'table'),
    hand: hand(t.hand),
    prev: prev(t.prev),
    preset: str(t.preset, 'preset'),
    options: options(t.options),
    dealer: hex(t.dealer, 'dealer'),
    seats: array(t.seats, 'seats').map((v, i) => {
      const s = object(v, `seats[${i}]`, ['player', 'key'], ['player', 'key']);
      return {
        player: id(s.player, `seats[${i}].player`),
        key: nullable(s.key, () => hex(s.key, `seats[${i}].key`)),
      };
    }),
    server: {
      commitment: hex(server.commitment, 'server.commitment'),
      seed: hex(server.seed, 'server.seed'),
      at: time(server.at, 'server.at'),
    },
    commits: array(t.commits, 'commits').map((v, i) =>
      nullable(v, (): CommitV3 => {
        const where = `commits[${i}]`;
        const c = object(
          v,
          where,
          ['commitment', 'signature', 'at'],
          ['commitment', 'signature', 'at'],
        );
        return {
          commitment: hex(c.commitment, `${where}.commitment`),
          signature: signature(c.signature, `${where}.signature`),
          at: time(c.at, `${where}.at`),
        };
      }),
    ),
    roster: nullable(t.roster, () => {
      const r = object(t.roster, 'roster', ['hash', 'at'], ['hash', 'at']);
      return { hash: hex(r.hash, 'roster.hash'), at: time(r.at, 'roster.at') };
    }),
    reveals: array(t.reveals, 'reveals').map((v, i) =>
      nullable(v, (): RevealV3 => {
        const where = `reveals[${i}]`;
        const r = object(
          v,
          where,
          ['seed', 'salt', 'signature', 'at'],
          ['seed', 'salt', 'signature', 'at'],
        );
        return {
          seed: str(r.seed, `${where}.seed`),
          salt: hex(r.salt, `${where}.salt`),
          signature: signature(r.signature, `${where}.signature`),
          at: time(r.at, `${where}.at`),
        };
      }),
    ),
    hash: hex(t.hash, 'hash'),
    signature: signature(t.signature, 'signature'),
  };
  if (kind === 'dealt') {
    return { ...base, kind, cards: array(t.cards, 'cards').map(card) };
  }
  const v = object(t.void, 'void', ['reason', 'seats', 'at'], ['reason', 'seats', 'at']);
  if (v.reason !== 'withheld' && v.reason !== 'kicked')
    bad('void.reason', "must be 'withheld' or 'kicked'");
  return {
    ...base,
    kind: 'void',
    void: {
      reason: v.reason as VoidReasonV3,
      seats: array(v.seats, 'void.seats').map((k, i) => {
        if (typeof k !== 'number' || !Number.isInteger(k) || k < 0 || k > 0xffffffff) {
          bad(`void.seats[${i}]`, 'must be a seat number');
        }
        return (k as number) + 0;
      }),
      at: time(v.at, 'void.at'),
    },
  };
}
