import type { DarkHandView, DarkVerdictView } from '../../client/index.ts';
import { type DarkHand, darkWaitingFor } from './dark-state.ts';

const KITTY_POSITIONS = [51, 52, 53];

/**
 * A dark hand as every viewer sees it (public-view.ts), copied field by field: the protocol's
 * public messages — keys, steps, shares, plays, reveals and their signatures — the kitty once
 * opened, and each seat's count of cards. All of it is public by design (docs/DARK.md §11: the
 * service is a bulletin board); none of it is a card a seat holds.
 *
 * @example
 * ```ts
 * darkHandView(doc.hand.dark).stage; // 'keys'
 * ```
 * @throws never.
 */
export function darkHandView(d: DarkHand): DarkHandView {
  return {
    stage: d.stage,
    waitingFor: darkWaitingFor(d),
    keys: d.keys.map((k) =>
      k === null ? null : { seat: k.seat, key: k.key, proof: { c: k.proof.c, z: k.proof.z } },
    ),
    steps: d.steps.map((s) => ({
      seat: s.seat,
      commitment: s.commitment,
      deck: s.deck.map(([a, b]) => [a, b] as const),
    })),
    shares: d.shares.map((s) => ({
      seat: s.seat,
      position: s.position,
      share: s.share,
      proof: { c: s.proof.c, z: s.proof.z },
    })),
    kittyTo: d.kittyTo,
    // Dou Dizhu for three deals positions 51 … 53 to the kitty (docs/DARK.md §3).
    kittyPositions: KITTY_POSITIONS,
    kitty: d.kitty === null ? null : [...d.kitty],
    plays: d.plays.map((p) => ({ seat: p.seat, position: p.position, card: p.card })),
    reveals: d.reveals.map((r) => (r === null ? null : { seat: r.seat, seed: r.seed })),
    counts: [...d.counts],
    signatures: d.signatures.map((s) => ({ kind: s.kind, seat: s.seat, signature: s.signature })),
    verdict: d.verdict === null ? null : darkVerdictView(d.verdict),
  };
}

/**
 * A dark hand's verdict as shown, field by field.
 *
 * @example
 * ```ts
 * darkVerdictView(summary.verdict).status; // 'verified'
 * ```
 * @throws never.
 */
export function darkVerdictView(v: DarkVerdictView): DarkVerdictView {
  return { status: v.status, seat: v.seat, code: v.code, message: v.message };
}
