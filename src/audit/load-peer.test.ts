import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { FairdealError } from '../errors.ts';
import { loadPeer } from './load-peer.ts';

test('loadPeer: a package that is not installed is MISSING_PEER naming it and its npm install', async () => {
  const name = 'fairdeal-no-such-package';
  const error = await loadPeer(name, 'PNG output', () => import(name)).then(
    () => assert.fail('loaded a package that does not exist'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof FairdealError);
  assert.equal(error.code, 'MISSING_PEER');
  assert.equal(
    error.message,
    `PNG output needs the optional package ${name}: run npm install ${name}`,
  );
  assert.deepEqual(error.detail, { package: name });
});

test('loadPeer: installed but not loading (its own import broken) is MISSING_PEER too, saying so', async () => {
  // Like a native binary missing for this platform: the package is there, a file it needs is not.
  const pkg = join(mkdtempSync(join(tmpdir(), 'fairdeal-peer-')), 'node_modules', 'broken-peer');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, 'index.js'), "import './missing-binding.js';\n");
  const error = await loadPeer(
    'broken-peer',
    'PNG output',
    () => import(join(pkg, 'index.js')),
  ).then(
    () => assert.fail('loaded'),
    (e: unknown) => e as FairdealError,
  );
  assert.equal(error.code, 'MISSING_PEER');
  assert.match(
    error.message,
    /^PNG output needs the optional package broken-peer, which is installed but does not load \(Cannot find module .*missing-binding\.js.*\): run npm install broken-peer again$/,
  );
  assert.ok(!error.message.includes('\n'));
  assert.equal((error.cause as { code?: string }).code, 'ERR_MODULE_NOT_FOUND');
  const thrown = await loadPeer('x', 'y', () =>
    Promise.reject(new Error('boom\nsecond line')),
  ).catch((e: FairdealError) => e);
  assert.equal(
    thrown.message,
    'y needs the optional package x, which is installed but does not load (boom): run npm install x again',
  );
});

test('loadPeer returns what loads', async () => {
  const mod = await loadPeer('node:path', 'paths', () => import('node:path'));
  assert.equal(typeof mod.join, 'function');
});
