// One contender alone in a Web Worker (bench/browser.ts's clean mode): a V8 isolate of its own,
// so its type feedback sees only the one array of the case — Chromium's counterpart of
// bench/contender-process.ts, with the same protocol: a first message names the contender, kind,
// size and budget; then 'warm' and 'measure' are answered one at a time.
import { type Kind, makeItems, notAPermutation } from './loops.ts';
import { PAGE_CONTENDERS } from './page-contenders.ts';
import { rateOf, warmUp } from './timing.ts';

type Setup = { name: string; kind: Kind; n: number; budgetMs: number };
const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<Setup | 'warm' | 'measure'>) => void) | null;
  postMessage: (m: unknown) => void;
};
let step: ((m: 'warm' | 'measure') => void) | undefined;
scope.onmessage = ({ data }) => {
  if (typeof data !== 'string') {
    const contender = PAGE_CONTENDERS.find((c) => c.name === data.name);
    if (contender === undefined) {
      scope.postMessage({ error: `no contender named ${data.name}` });
      return;
    }
    try {
      const run = contender.make(data.n);
      const why = notAPermutation(run(makeItems(data.kind, data.n)), data.n);
      if (why !== undefined) {
        scope.postMessage({ error: `${data.name}: ${why}` });
        return;
      }
      const input = makeItems(data.kind, data.n);
      step = (m) => {
        if (m === 'warm') {
          warmUp(run, input, data.budgetMs);
          scope.postMessage({ warm: true });
        } else scope.postMessage({ rate: rateOf(run, input, data.n, data.budgetMs) });
      };
      scope.postMessage({ ready: true });
    } catch (e) {
      scope.postMessage({ error: `${data.name}: ${(e as Error).message}` });
    }
  } else step?.(data);
};
