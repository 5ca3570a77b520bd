import { FairdealError } from '../errors.ts';
import { FAIR_ALGORITHM } from './algorithm.ts';
import type { FairOptions } from './deal-options.ts';
import { fromHex } from './hex.ts';
import type { DealtCard, FairTranscript, TranscriptClient } from './transcript.ts';

const TOP = [
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

/**
 * Checks that untrusted JSON (a parsed object or its text) has the exact shape of a fairdeal-v1
 * transcript and returns it typed. Shape only: whether the values are *right* is `verify`'s job.
 * Unknown fields are refused, because a verifier must not appear to vouch for data it never
 * checked (a `"winner"` field slipped into a verified file, say).
 *
 * @example
 * ```ts
 * const t = parseTranscript(await (await fetch('/hand/12.json')).text());
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` naming the first field that is missing, unknown or
 *   malformed, or an unsupported algorithm id.
 */
export function parseTranscript(input: unknown): FairTranscript {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      bad('transcript', 'is not valid JSON');
    }
  }
  const t = object(value, 'transcript', TOP);
  if (t.algorithm !== FAIR_ALGORITHM) {
    bad('algorithm', `must be '${FAIR_ALGORITHM}', got ${show(t.algorithm)}`);
  }
  const server = object(t.server, 'server', ['commitment', 'seed']);
  if (!Array.isArray(t.clients)) bad('clients', 'must be an array');
  if (!Array.isArray(t.cards)) bad('cards', 'must be an array');
  if (t.prev !== null) hex(t.prev, 'prev');
  const transcript: FairTranscript = {
    algorithm: FAIR_ALGORITHM,
    table: str(t.table, 'table'),
    hand: hand(t.hand),
    prev: t.prev as string | null,
    preset: str(t.preset, 'preset'),
    options: options(t.options),
    server: {
      commitment: hex(server.commitment, 'server.commitment'),
      seed: hex(server.seed, 'server.seed'),
    },
    clients: (t.clients as unknown[]).map(client),
    cards: (t.cards as unknown[]).map(card),
    hash: hex(t.hash, 'hash'),
  };
  return transcript;
}

function client(value: unknown, i: number): TranscriptClient {
  const where = `clients[${i}]`;
  const c = object(value, where, ['player', 'seed', 'commitment', 'salt']);
  const player = str(c.player, `${where}.player`);
  const seed = str(c.seed, `${where}.seed`);
  if ((c.commitment === undefined) !== (c.salt === undefined)) {
    bad(where, 'must have both commitment and salt, or neither');
  }
  if (c.commitment === undefined) return { player, seed };
  return {
    player,
    seed,
    commitment: hex(c.commitment, `${where}.commitment`),
    salt: hex(c.salt, `${where}.salt`),
  };
}

function card(value: unknown, i: number): DealtCard {
  const c = object(value, `cards[${i}]`, ['card', 'to']);
  return { card: str(c.card, `cards[${i}].card`), to: str(c.to, `cards[${i}].to`) };
}

function options(value: unknown): FairOptions {
  const o = object(value, 'options', null);
  for (const [k, v] of Object.entries(o)) {
    const ok =
      typeof v === 'string' ||
      typeof v === 'boolean' ||
      (typeof v === 'number' &&
        Number.isFinite(v) &&
        (Number.isSafeInteger(v) || !Number.isInteger(v)));
    if (!ok) bad(`options.${k}`, 'must be a string, a number or a boolean');
  }
  return o as FairOptions;
}

function object(value: unknown, where: string, keys: string[] | null): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    bad(where, 'must be an object');
  }
  const record = value as Record<string, unknown>;
  if (keys !== null) {
    for (const k of Object.keys(record)) {
      if (!keys.includes(k)) bad(where, `has an unknown field '${k}'`);
    }
  }
  return record;
}

function str(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.length === 0) bad(where, 'must be a non-empty string');
  return value as string;
}

function hex(value: unknown, where: string): string {
  fromHex(value, 32, where);
  return value as string;
}

function hand(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    bad('hand', 'must be a non-negative integer');
  }
  return value as number;
}

function show(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

function bad(where: string, message: string): never {
  throw new FairdealError('BAD_TRANSCRIPT', `transcript ${where} ${message}`, { field: where });
}
