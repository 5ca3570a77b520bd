import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

// The README's library example must run as written (with 'fairdeal' pointing at our sources).
test('the README example runs', async () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(example, 'README has a ts example');
  assert.ok(example.split('\n').length <= 12, 'about ten lines');
  const entry = new URL('../src/index.ts', import.meta.url).href;
  const logged: unknown[][] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => void logged.push(args);
  try {
    const code = example.replace("from 'fairdeal'", `from '${entry}'`);
    await import(`data:text/javascript,${encodeURIComponent(code)}`);
  } finally {
    console.log = log;
  }
  const [[hands], [, kitty], [die, order]] = logged as [
    [string[]],
    [string, string],
    [number, number[]],
  ];
  assert.deepEqual(
    hands.map((h) => h.split(' ').length),
    [17, 17, 17],
  );
  assert.equal(kitty.split(' ').length, 3);
  assert.ok(die >= 1 && die <= 6);
  assert.deepEqual(order.slice().sort(), [1, 2, 3, 4, 5]);
});
