import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadPeer } from './load-peer.ts';

test('loadPeer names the package to install when it is missing, in one line', async () => {
  const name = 'fairdeal-no-such-package';
  await assert.rejects(
    loadPeer(name, 'PNG output', () => import(name)),
    (e: { code?: string; message?: string }) =>
      e.code === 'MISSING_PEER' &&
      e.message === `PNG output needs the optional package ${name}: run npm install ${name}` &&
      !e.message.includes('\n'),
  );
});

test('loadPeer passes other failures through and returns what loads', async () => {
  const boom = new Error('boom');
  await assert.rejects(
    loadPeer('x', 'y', () => Promise.reject(boom)),
    (e) => e === boom,
  );
  const mod = await loadPeer('node:path', 'paths', () => import('node:path'));
  assert.equal(typeof mod.join, 'function');
});
