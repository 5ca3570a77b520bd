import {
  type DarkCiphertext,
  type DarkContext,
  type DarkDeck,
  type DarkGroup,
  type DarkPoint,
  darkDeck,
  loadDarkGroup,
  readStepDeck,
} from '../../dark/index.ts';
import { ApiError } from '../deck/api-error.ts';
import type { DarkHand } from './dark-state.ts';
import type { HandDocument, TableDocument } from './table-doc.ts';

/**
 * The context every dark proof of this hand is bound to (docs/DARK.md §2).
 *
 * @example
 * ```ts
 * darkContext(doc, doc.hand); // { table: doc.id, hand: 3, preset: 'doudizhu', seats: 3 }
 * ```
 * @throws never.
 */
export function darkContext(doc: TableDocument, hand: HandDocument): DarkContext {
  return { table: doc.id, hand: hand.n, preset: doc.preset, seats: doc.seats };
}

/**
 * The group of dark deals, loaded by the route before the change (the change itself is
 * synchronous: one store transaction).
 *
 * @example
 * ```ts
 * const group = groupOf(ctx);
 * ```
 * @throws {ApiError} 501 `MISSING_PEER` when @noble/curves could not be loaded.
 */
export function groupOf(ctx: { readonly darkGroup?: DarkGroup | undefined }): DarkGroup {
  if (ctx.darkGroup === undefined) {
    throw new ApiError(
      501,
      'MISSING_PEER',
      'Dark tables need the optional package @noble/curves, which this service lacks.',
    );
  }
  return ctx.darkGroup;
}

/** The decoded keys and final deck of one dark hand, as its steps and keys are checked. */
export interface DarkDecoded {
  readonly deck: DarkDeck;
  /** Each seat's key h_s, in seat order (only once every key is in). */
  readonly keys: readonly DarkPoint[];
  /** The last shuffle step's output: the deck cards are dealt from. */
  readonly final: readonly DarkCiphertext[];
}

// Decoding 108 points of the final deck on every share would cost more than checking the share:
// keep the last few hands' decodings, by table, hand and the final step's commitment (a step
// changes only by a new hand, whose number differs).
const decoded = new Map<string, DarkDecoded>();
const KEEP_DECODED = 64;

/**
 * The hand's keys and final deck decoded (every key and step was checked as it arrived).
 *
 * @example
 * ```ts
 * const { keys, final } = decodedHand(group, doc, hand, dark);
 * ```
 * @throws {ApiError} 409 `PROTOCOL_ORDER` before every key and step is in.
 */
export function decodedHand(
  group: DarkGroup,
  doc: TableDocument,
  hand: HandDocument,
  dark: DarkHand,
): DarkDecoded {
  const last = dark.steps.at(-1);
  if (last === undefined || dark.steps.length !== doc.seats || dark.keys.some((k) => k === null)) {
    throw new ApiError(409, 'PROTOCOL_ORDER', 'The deck is not shuffled yet.');
  }
  const id = `${doc.id}\u0000${hand.n}\u0000${last.commitment}`;
  const hit = decoded.get(id);
  if (hit !== undefined) return hit;
  const deck = darkDeck(group, doc.preset, doc.seats);
  const keys = dark.keys.map((k) => group.Point.fromHex(k!.key));
  const final = readStepDeck(group, last, deck.ids.length);
  const out = { deck, keys, final };
  decoded.set(id, out);
  if (decoded.size > KEEP_DECODED) decoded.delete(decoded.keys().next().value!);
  return out;
}

let installed: Promise<DarkGroup | undefined> | undefined;

/**
 * The group of dark deals if @noble/curves is installed (loaded once), else undefined: a route
 * awaits it before its synchronous change, whose dark steps then refuse with 501 `MISSING_PEER`
 * where it is missing — and every other table works without it.
 *
 * @example
 * ```ts
 * const step = { ...s.step(), darkGroup: await darkGroupIfInstalled() };
 * ```
 * @throws never.
 */
export function darkGroupIfInstalled(): Promise<DarkGroup | undefined> {
  installed ??= loadDarkGroup().catch(() => undefined);
  return installed;
}
