import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLocalNotifier } from './local-notifier.ts';

const tick = () => new Promise((r) => setTimeout(r, 0));

test('local notifier: listeners of a channel are woken, others not, unlisten stops', async () => {
  const n = createLocalNotifier();
  const seen: string[] = [];
  const stopA = n.listen('table:a', () => seen.push('a1'));
  n.listen('table:a', () => seen.push('a2'));
  n.listen('table:b', () => seen.push('b'));
  await n.notify('table:a');
  await tick();
  assert.deepEqual(seen.sort(), ['a1', 'a2']);
  stopA();
  await n.notify('table:a');
  await tick();
  assert.deepEqual(seen.sort(), ['a1', 'a2', 'a2']);
  await n.close();
  await n.notify('table:b');
  await tick();
  assert.equal(seen.includes('b'), false);
});

test('local notifier: a throwing listener does not stop the others or the writer', async () => {
  const n = createLocalNotifier();
  let called = 0;
  n.listen('c', () => {
    throw new Error('boom');
  });
  n.listen('c', () => {
    called++;
  });
  await n.notify('c');
  await tick();
  assert.equal(called, 1);
});
