import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { testApp } from './support/server-app.ts';

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

// The README's curl session must answer as shown, byte for byte where it shows the bytes: each
// `curl '…'` line is replayed in-process against the dealer, in order, and its `# {…}` answer
// (continued on `#   ` lines) must match the answer's JSON text, `…` standing for what is left
// out and the README's deck id for the one the session made.
test('the README’s curl session answers as shown', async () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(block, 'README has a sh block');
  const steps: { url: string; shown: string }[] = [];
  for (const line of block.split('\n')) {
    const curl = /^curl '([^']+)'/.exec(line);
    if (curl) steps.push({ url: `http://${curl[1]}`, shown: '' });
    else if (line.startsWith('# {')) steps.at(-1)!.shown = line.slice(2);
    else if (line.startsWith('#   ')) steps.at(-1)!.shown += line.slice(4);
  }
  assert.ok(steps.length >= 3 && steps.every((s) => s.shown !== ''), 'every curl shows its answer');
  const shownId = /"deck_id":"([a-z0-9]+)"/.exec(steps[0]!.shown)?.[1];
  assert.ok(shownId, 'the first answer shows a deck id');
  const t = testApp();
  let id = '';
  for (const step of steps) {
    const r = await t.call(step.url.replaceAll(shownId, id || shownId));
    assert.equal(r.status, 200, step.url);
    id ||= r.body.deck_id;
    const pattern = step.shown
      .replaceAll(shownId, id)
      .split('…')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    assert.match(JSON.stringify(r.body), new RegExp(`^${pattern}$`), step.url);
  }
});
