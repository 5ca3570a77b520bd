// One preset dealt over and over in a fresh process: `deal()` whole (plan, deck, shuffle, the
// pattern, sorted hands), with the secure source or one seeded chacha20 stream.
import { chacha20, deal } from '../src/index.ts';

const [preset, mode] = process.argv.slice(2) as [string, 'secure' | 'chacha20'];
const source = mode === 'chacha20' ? chacha20('bench deals') : undefined;
const once = () => (source === undefined ? deal(preset) : deal(preset, { source }));
let sink = 0;
const round = (): number => {
  let ops = 0;
  const start = performance.now();
  let now = start;
  while (now - start < 300) {
    for (let i = 0; i < 200; i++) sink ^= once().hands.length;
    ops += 200;
    now = performance.now();
  }
  return (ops * 1000) / (now - start);
};
round(); // warm-up
const rates = [round(), round(), round(), round(), round()].sort((a, b) => a - b);
console.log(JSON.stringify({ opsPerSecond: rates[2], sink: sink & 1 }));
