// One contender on one scenario, in a fresh process, so that no other contender's array shapes
// or call targets pollute V8's inline caches (a shared process slows whoever runs last).
import { CONTENDERS, SCENARIOS } from './contenders.ts';

const [contenderIndex, scenarioIndex] = process.argv.slice(2).map(Number);
const contender = CONTENDERS[contenderIndex!]!;
const scenario = SCENARIOS[scenarioIndex!]!;
const n = scenario.n;
const fresh = () =>
  scenario.typed ? new Uint32Array(n).map((_, i) => i) : Array.from({ length: n }, (_, i) => i);
const run = contender.make(n);

// Every contender's output must be a permutation of its input.
const check = run(fresh() as number[]);
const seen = new Uint8Array(n);
for (let i = 0; i < n; i++) seen[check[i]!] = 1;
if (check.length !== n || seen.some((s) => s === 0)) {
  console.log(JSON.stringify({ error: 'not a permutation' }));
  process.exit(0);
}

const input = fresh() as number[];
const budgetMs = n > 1000 ? 1000 : 400;
let sink = 0;
const round = (): number => {
  let ops = 0;
  const start = performance.now();
  let now = start;
  while (now - start < budgetMs) {
    const batch = n > 1000 ? 1 : 2000;
    for (let i = 0; i < batch; i++) sink ^= run(input)[0]!;
    ops += batch;
    now = performance.now();
  }
  return (ops * 1000) / (now - start);
};
round(); // warm-up: let the JIT settle
const rates = [round(), round(), round(), round(), round()].sort((a, b) => a - b);
console.log(JSON.stringify({ opsPerSecond: rates[2], sink: sink & 1 }));
