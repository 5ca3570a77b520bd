import { resolve } from 'node:path';
import { fairDeal } from '../../fair/index.ts';
import type { Deal } from '../../index.ts';
import type { CliIo } from '../io.ts';
import { UsageError } from '../io.ts';
import { useColor } from '../render/color.ts';
import type { CardStyle } from '../render/render-card.ts';
import { renderDeal } from '../render/render-deal.ts';
import { safeJson } from './escape-text.ts';
import { checkWritable, writeFileSafely } from './safe-write.ts';

/** How `deal --fair` was asked to run (parsed by deal.ts). */
export interface DealFairRequest {
  readonly preset: string;
  /** The deal options, 0-based dealer, plain values only. */
  readonly options: Record<string, string | number | boolean>;
  readonly clientSeeds: readonly string[];
  readonly format: 'text' | 'json';
  readonly style: CardStyle;
  readonly out: string | undefined;
  readonly force: boolean;
  /** deal.ts's JSON view of a deal, so both paths print deals alike. */
  readonly dealJson: (deal: Deal) => unknown;
}

const DEMO =
  "fairdeal deal --fair: a demonstration of the transcript format, NOT a fair protocol — the client seed was given before the dealer's commitment existed, so whoever runs this could re-run it until the deal suits them. For a fair hand use 'fairdeal fair' (docs/FAIR.md §2).\n";

/**
 * `fairdeal deal <preset> --fair`: one fairdeal-v2 hand in one step (a single party, seats
 * unbound), printed as text or JSON, the transcript optionally written to `--out` where
 * `fairdeal verify` reads it directly. It says plainly that it is a demonstration of the format:
 * the real order (commitment first, seeds after) needs `fairdeal fair`.
 *
 * @example
 * ```sh
 * fairdeal deal doudizhu --fair --client-seed 'my words' --out hand-1.json
 * ```
 * @throws {UsageError} for several client seeds or an --out file it must not write.
 */
export async function dealFair(r: DealFairRequest, io: CliIo): Promise<number> {
  if (r.clientSeeds.length > 1) {
    throw new UsageError(
      "one --client-seed only: several players must commit before anyone reveals ('fairdeal fair')",
    );
  }
  // Checked before the hand is dealt and its commitment printed: a refused --out changes nothing.
  const out = r.out === undefined ? undefined : { path: resolve(io.cwd, r.out), shown: r.out };
  if (out !== undefined) checkWritable(out.path, { force: r.force, shown: out.shown });
  io.err(DEMO);
  const fair = fairDeal(r.preset, {
    options: r.options,
    ...(r.clientSeeds[0] === undefined ? {} : { clientSeed: r.clientSeeds[0] }),
    onCommit: (c) => {
      if (r.format === 'text') io.out(`Commitment: ${c}\n`);
    },
  });
  if (out !== undefined) {
    writeFileSafely(out.path, `${safeJson(fair.transcript)}\n`, {
      secret: false,
      force: r.force,
      shown: out.shown,
    });
  }
  if (r.format === 'json') {
    const body = {
      commitment: fair.commitment,
      deal: r.dealJson(fair.deal),
      transcript: fair.transcript,
    };
    io.out(`${safeJson(body)}\n`);
    return 0;
  }
  io.out(renderDeal(fair.deal, { color: useColor(io), style: r.style }));
  io.out(
    r.out === undefined
      ? `Transcript (check with: fairdeal verify FILE):\n${safeJson(fair.transcript)}\n`
      : `Transcript written to ${r.out} (check with: fairdeal verify ${r.out})\n`,
  );
  return 0;
}
