// The shuffles bench/browser.ts times in Chromium: those of bench/contenders.ts but the
// crypto.randomInt loop (Node only). Served to the page as it is; ./peers-entry.ts is served as
// its esbuild bundle.
import { chacha20, shuffle } from '../src/index.ts';
import { type Contender, makeFloor, OURS, PLAIN, plainLoop } from './loops.ts';
import { PEERS } from './peers-entry.ts';

export const PAGE_CONTENDERS: readonly Contender[] = [
  { name: OURS[0], typed: true, make: () => (a) => shuffle(a as number[]) },
  {
    name: OURS[1],
    typed: true,
    make: () => {
      const rng = chacha20('bench');
      return (a) => shuffle(a as number[], rng);
    },
  },
  { name: PLAIN, typed: true, make: () => plainLoop },
  ...PEERS,
  { name: 'floor (precomputed swaps)', typed: true, make: makeFloor },
];
