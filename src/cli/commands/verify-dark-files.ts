import { DARK_VERSION, verifyDarkTranscript } from '../../dark/index.ts';
import { FairdealError } from '../../index.ts';
import type { CliIo } from '../io.ts';
import { escapeText, safeJson } from './escape-text.ts';

/** One file's value as `fairdeal verify` read it (a list's items each on their own). */
export interface DarkEntry {
  readonly name: string;
  readonly value: unknown;
}

/**
 * The dark transcript in `value` (docs/DARK.md §9): the transcript itself, or a finished dark
 * hand's record as the service answers it (`{ n, transcript, … }`); undefined for anything else.
 *
 * @example
 * ```ts
 * darkTranscriptOf({ version: 'fairdeal-dark-v1' }); // the same object
 * ```
 * @throws never.
 */
export function darkTranscriptOf(value: unknown): unknown {
  const isDark = (v: unknown) =>
    typeof v === 'object' && v !== null && (v as { version?: unknown }).version === DARK_VERSION;
  if (isDark(value)) return value;
  const inner = (value as { transcript?: unknown } | null)?.transcript;
  return isDark(inner) ? inner : undefined;
}

/**
 * `fairdeal verify` on dark transcripts (docs/DARK.md §10): each hand replayed by
 * `verifyDarkTranscript` — every key proof, shuffle step, share and play. Exit 0 when every hand
 * verified whole, 5 when every one verified and some were void (a seat stopped; it is named),
 * 1 when any failed (the seat at fault is named).
 *
 * @example
 * ```ts
 * await verifyDarkFiles(io, [{ name: 'hand-3.json', value }], false); // 0
 * ```
 * @throws {FairdealError} `MISSING_PEER` without @noble/curves (the CLI's usage error, exit 2).
 */
export async function verifyDarkFiles(
  io: CliIo,
  entries: readonly DarkEntry[],
  json: boolean,
): Promise<number> {
  const results = [];
  for (const e of entries) {
    try {
      const v = await verifyDarkTranscript(darkTranscriptOf(e.value));
      results.push({ name: e.name, ok: true as const, verdict: v });
    } catch (error) {
      if (error instanceof FairdealError && error.code === 'MISSING_PEER') throw error;
      const f = error instanceof FairdealError ? error : undefined;
      results.push({
        name: e.name,
        ok: false as const,
        code: f?.code ?? 'BAD_TRANSCRIPT',
        message: (error as Error).message,
        seat: f?.detail?.seat ?? null,
      });
    }
  }
  const ok = results.every((r) => r.ok);
  const exit = !ok ? 1 : results.some((r) => r.ok && r.verdict.status === 'void') ? 5 : 0;
  if (json) {
    io.out(
      `${safeJson({
        ok,
        exitCode: exit,
        hands: results.map((r) =>
          r.ok
            ? { file: r.name, status: r.verdict.status, void: r.verdict.void, deck: r.verdict.deck }
            : { file: r.name, status: 'failed', code: r.code, seat: r.seat, message: r.message },
        ),
      })}\n`,
    );
    return exit;
  }
  const line = (text: string) => io.out(`${escapeText(text)}\n`);
  for (const r of results) {
    if (!r.ok) {
      line(`FAILED       ${r.name}: ${r.message}`);
      continue;
    }
    const t = darkTranscriptOf(entries.find((e) => e.name === r.name)!.value) as {
      table: string;
      hand: number;
      preset: string;
      seats: number;
    };
    const what = `table '${t.table}' hand ${t.hand}, ${t.preset}, ${t.seats} seats (${DARK_VERSION})`;
    if (r.verdict.status === 'void') {
      const v = r.verdict.void!;
      line(`VOID         ${r.name}: ${what}`);
      line(
        `             seat ${v.seat + 1} stopped at its ${v.stage}; everything sent before checks`,
      );
    } else {
      line(`VERIFIED     ${r.name}: ${what}`);
      line(
        `             every key proof, shuffle step, decryption share and play checks; ${Object.keys(r.verdict.opened).length} cards were opened to all during the hand`,
      );
    }
  }
  io.out(
    !ok
      ? 'verdict: NOT verified\n'
      : exit === 0
        ? 'verdict: verified dark hand(s): nobody but its holder could see a hand while it was played\n'
        : 'verdict: void — a seat stopped sending; it is named above\n',
  );
  return exit;
}
