// The page of bench/dark-browser.ts, bundled by it for Chromium: three dark workers (the page's
// own dark-worker.js, as built) deal a three-seat Dou Dizhu hand, relayed by this page as the
// service relays them, and a fourth worker verifies the whole hand. Each round is a new hand.
import { DarkWorker } from '../src/web/dark-worker-client.ts';
import { type DarkCaller, relayDeal, relayRest } from '../test/support/dark-relay.ts';

const workers = [0, 1, 2].map((seat) => new DarkWorker('/web/dark-worker.js', `seat ${seat}`));
const verifier = new DarkWorker('/web/dark-worker.js', 'verifier');
const callers: DarkCaller[] = workers.map(
  (w) => ((type, take) => w.call(type, take)) as DarkCaller,
);

/** One round's wall times in ms: each step of the deal, the deal, and the verification. */
async function darkRound(hand: number): Promise<Record<string, number>> {
  const context = { table: 'bench-browser', hand, preset: 'doudizhu', seats: 3 };
  const times: Record<string, number> = {};
  const t0 = performance.now();
  let last = t0;
  const deal = await relayDeal(context, callers, (step) => {
    const now = performance.now();
    times[step] = now - last;
    last = now;
  });
  times['deal: first key to every seat seeing its 17 cards'] = last - t0;
  if (deal.hands.some((h) => h.length !== 17)) throw new Error('a seat did not see 17 cards');

  // The rest of a hand, for the verification: the kitty to seat 0, every card played (every
  // position opened: the most a hand can hold), every seed revealed.
  const transcript = await relayRest(context, callers, deal);
  const v0 = performance.now();
  const { verdict } = await verifier.call('verify', { transcript });
  times['verifyDarkTranscript of the whole hand (in a worker)'] = performance.now() - v0;
  if (verdict.status !== 'verified' || Object.keys(verdict.opened).length !== 54) {
    throw new Error(`the hand did not verify: ${JSON.stringify(verdict).slice(0, 200)}`);
  }
  return times;
}

(globalThis as unknown as { darkRound: typeof darkRound }).darkRound = darkRound;
