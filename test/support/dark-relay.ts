// A dark Dou Dizhu deal relayed among seats that each answer dark-protocol.ts requests — the
// page's workers in Chromium (bench/dark-browser.ts) or DarkSeatHosts in Node
// (src/web/dark-seat-host.test.ts) — doing what the service does at a dark table: passing each
// seat's public messages to the others, in docs/DARK.md §8's order. Browser-safe (the benchmark
// bundles it into its page): no node: import.
import type {
  DarkContext,
  DarkKeyJSON,
  DarkPlayJSON,
  DarkShareJSON,
  DarkStepJSON,
  DarkTranscript,
} from '../../src/dark/index.ts';
import type { DarkCalls, DarkCallType, DarkCard } from '../../src/web/dark-protocol.ts';

/** One seat's end: a request in, its answer out (a refusal rejects). */
export type DarkCaller = <K extends DarkCallType>(
  type: K,
  take: DarkCalls[K]['take'],
) => Promise<DarkCalls[K]['give']>;

/** The public record of a relayed deal, and each seat's opened hand. */
export interface RelayedDeal {
  readonly keys: DarkKeyJSON[];
  readonly steps: DarkStepJSON[];
  readonly shares: DarkShareJSON[];
  readonly hands: DarkCard[][];
}

/**
 * Deals one dark hand among `seats` (seat i is `seats[i]`), from the first key to every seat
 * seeing its cards. `mark(step)` is called as each step ends (keys, shuffle 0…n−1, deck,
 * shares made, shares checked, opening), so a caller can time them. Each seat is given every
 * share, as the page is: it checks those for its own cards at once and keeps the others until
 * their card is played (src/web/dark-seat-host.ts).
 *
 * @example
 * ```ts
 * const deal = await relayDeal(context, callers, (step) => times.push([step, performance.now()]));
 * deal.hands.map((h) => h.length); // [17, 17, 17]
 * ```
 */
export async function relayDeal(
  context: DarkContext,
  seats: readonly DarkCaller[],
  mark: (step: string) => void = () => {},
): Promise<RelayedDeal> {
  const keys = (await Promise.all(seats.map((call, seat) => call('start', { context, seat })))).map(
    (r) => r.key,
  );
  await Promise.all(seats.map((call) => call('keys', { keys })));
  mark('keys');
  const steps: DarkStepJSON[] = [];
  for (const [seat, call] of seats.entries()) {
    const { step } = await call('shuffle', { previous: steps.at(-1)?.deck ?? null });
    steps.push(step);
    mark(`shuffle ${seat}`);
  }
  await Promise.all(seats.map((call) => call('deck', { steps })));
  mark('deck');
  const made = await Promise.all(seats.map((call) => call('deal-shares', {})));
  const shares = made.flatMap((m) => m.shares);
  mark('shares made');
  await Promise.all(seats.map((call) => call('shares', { shares })));
  mark('shares checked');
  const hands = (await Promise.all(seats.map((call) => call('hand', {})))).map((h) => h.cards);
  mark('opening');
  return { keys, steps, shares, hands };
}

/**
 * The rest of a hand after {@link relayDeal}, for a verification: the kitty to seat
 * `kittyTo`, every card of every seat played (every position opened: the most a hand can hold),
 * every seed revealed. The whole hand's transcript.
 *
 * @example
 * ```ts
 * const transcript = await relayRest(context, callers, deal);
 * ```
 */
export async function relayRest(
  context: DarkContext,
  seats: readonly DarkCaller[],
  deal: RelayedDeal,
  kittyTo = 0,
): Promise<DarkTranscript> {
  const shares: DarkShareJSON[] = [...deal.shares];
  const kitty = (await Promise.all(seats.map((call) => call('kitty', { seat: kittyTo })))).flatMap(
    (k) => k.shares,
  );
  await Promise.all(seats.map((call) => call('shares', { shares: kitty })));
  shares.push(...kitty);
  const plays: DarkPlayJSON[] = [];
  for (const [seat, call] of seats.entries()) {
    const { cards } = await call('hand', {});
    const played = await call('play', { positions: cards.map((c) => c.position) });
    shares.push(...played.shares);
    for (const c of cards) plays.push({ seat, position: c.position, card: c.card });
  }
  const reveals = (await Promise.all(seats.map((call) => call('reveal', {})))).map((r) => r.reveal);
  return {
    version: 'fairdeal-dark-v1',
    ...context,
    keys: deal.keys,
    steps: deal.steps,
    shares,
    kittyTo,
    plays,
    reveals,
    void: null,
  };
}
