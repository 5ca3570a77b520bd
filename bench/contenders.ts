// The shuffles `npm run bench` times in Node: fairdeal's two sources, the plain loop, the floor
// and the peers. Chromium times the same list but for the crypto.randomInt loop
// (bench/page-contenders.ts).
import { randomInt } from 'node:crypto';
import { chacha20, shuffle } from '../src/index.ts';
import { type Contender, makeFloor, OURS, PLAIN, plainLoop } from './loops.ts';
import { PEERS } from './peers-entry.ts';

export {
  type Contender,
  FLOOR,
  type Items,
  KINDS,
  type Kind,
  makeItems,
  OURS,
  PLAIN,
  plainLoop,
} from './loops.ts';

export const CONTENDERS: readonly Contender[] = [
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
  {
    name: 'crypto.randomInt loop',
    typed: true,
    maxN: 100_000,
    make: () => (a) => {
      for (let i = a.length - 1; i > 0; i--) {
        const j = randomInt(i + 1);
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
      }
      return a;
    },
  },
  ...PEERS,
  { name: 'floor (precomputed swaps)', typed: true, make: makeFloor },
];

/** Every size the issue names, the decks, and the path switches of the kernels in between. */
export const SIZES = [
  5, 52, 54, 129, 1000, 10_000, 32_768, 50_000, 65_536, 100_000, 1_000_000, 10_000_000,
] as const;
/** `--quick`: the decks and one size of each path. */
export const QUICK_SIZES = [5, 52, 54, 1000, 100_000, 1_000_000] as const;
