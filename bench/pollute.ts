// What "polluted" means, in Node and in Chromium alike: every contender — fairdeal, the peers,
// the plain loop and the floor — first runs on every kind of array, as in an application that
// shuffles several kinds. V8 keeps type feedback per function, so a function that has seen many
// kinds may run slower on each; here every contender pays that alike.
import { type Contender, type Items, KINDS, makeItems } from './loops.ts';

/**
 * Runs each of `runs` (the contenders' shuffles, in `contenders`' order) 60 times on Arrays of
 * small integers, doubles, strings and objects, on all three kinds at 52 and 1,000 items,
 * Int8/Uint8/Int16/Float32 arrays, and once on each kind at 70,000 items; each contender gets
 * the arrays it accepts. `extra` runs once a round (fairdeal's other entry points).
 *
 * @example
 * pollute([{ name: 'x', typed: true, make: () => (a) => a }], [(a) => a], () => {});
 */
export function pollute(
  contenders: readonly Contender[],
  runs: readonly ((a: Items) => ArrayLike<number>)[],
  extra: () => void,
): void {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const small: Items[] = [
    ...KINDS.map((k) => makeItems(k, 52)),
    ...KINDS.map((k) => makeItems(k, 1000)),
    deck.map(String) as unknown as Items,
    deck.map((i) => ({ i })) as unknown as Items,
    deck.map((i) => i + 0.5),
    new Int8Array(52),
    new Uint8Array(52),
    new Int16Array(52),
    new Float32Array(52),
  ];
  const large = KINDS.map((k) => makeItems(k, 70_000));
  for (let r = 0; r < 60; r++) {
    for (const [c, run] of runs.entries())
      for (const a of r === 0 ? [...small, ...large] : small)
        if (Array.isArray(a) || contenders[c]!.typed) run(a);
    extra();
  }
}
