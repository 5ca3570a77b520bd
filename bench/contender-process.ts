// One contender alone in a fresh process (forked by bench/clean-node.ts): it builds the
// contender's shuffle for one kind and size, checks it, and then, on each message from its
// parent, warms up or times one round and replies. It never sees another kind of array, and no
// other contender runs in it: a clean process for every contender alike.
import { CONTENDERS, type Kind, makeItems } from './contenders.ts';
import { threadCpuMs } from './cpu-clock.ts';
import { notAPermutation } from './loops.ts';
import { rateOf, sinkValue, useClock, warmUp } from './timing.ts';

const [name, kind, nText, budgetText] = process.argv.slice(2) as [string, Kind, string, string];
const n = Number(nText);
const budgetMs = Number(budgetText);
useClock(threadCpuMs);
const send = (message: unknown) => process.send!(message);
const contender = CONTENDERS.find((c) => c.name === name);
if (contender === undefined) {
  send({ error: `no contender named ${name}` });
  process.exit(0);
}
const run = contender.make(n);
const why = notAPermutation(run(makeItems(kind, n)), n);
if (why !== undefined) send({ error: `${name}: ${why}` });
else {
  const input = makeItems(kind, n);
  process.on('message', (m: 'warm' | 'measure' | 'exit') => {
    if (m === 'warm') {
      warmUp(run, input, budgetMs);
      send({ warm: true });
    } else if (m === 'measure') send({ rate: rateOf(run, input, n, budgetMs) });
    else {
      send({ sink: sinkValue() & 1 });
      process.disconnect();
    }
  });
  send({ ready: true });
}
