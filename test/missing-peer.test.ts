import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fakeIo } from './support/fake-io.ts';

// README: an optional peer that cannot be loaded is "a one-line error naming the package to
// install (MISSING_PEER)". This file holds every real call site to that promise: a module
// resolve hook plays "not installed" for the peers a test names (nothing is uninstalled; the
// call sites' own `import('…')` runs and fails as Node fails it), and each call site must answer
// with the one error shape — or, at the service's image route, its documented 501.

const PEERS = ['hono', '@hono/node-server', 'pg', '@resvg/resvg-js'] as const;
const hidden = new Set<string>();
registerHooks({
  resolve(specifier, context, next) {
    if (hidden.has(specifier)) {
      // Node's own words and code for a package that is not installed: it names the package,
      // not the subpath (`@noble/curves`, for `@noble/curves/ed25519.js`).
      const name = specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
      const error = new Error(
        `Cannot find package '${name}' imported from ${context.parentURL ?? 'the test'}`,
      ) as Error & { code: string };
      error.code = 'ERR_MODULE_NOT_FOUND';
      throw error;
    }
    return next(specifier, context);
  },
});
const hide = (...names: string[]) => {
  hidden.clear();
  for (const n of names) hidden.add(n);
};

const root = new URL('..', import.meta.url).pathname;
const line = (purpose: string, name: string) =>
  `${purpose} needs the optional package ${name}: run npm install ${name}`;

/** What a library or service call site must throw. */
function missingPeer(purpose: string, name: string) {
  return (e: unknown) => {
    const error = e as { name?: unknown; code?: unknown; message?: unknown; detail?: unknown };
    assert.equal(error.name, 'FairdealError');
    assert.equal(error.code, 'MISSING_PEER');
    assert.equal(error.message, line(purpose, name));
    assert.deepEqual(error.detail, { package: name });
    return true;
  };
}

/** Runs the CLI in-process; its exit status and stderr. */
async function cli(args: string[]) {
  const { main } = await import('../src/cli/main.ts');
  const io = fakeIo(mkdtempSync(join(tmpdir(), 'fairdeal-peer-')));
  const status = await main(args, io);
  return { status, stderr: io.stderr, stdout: io.stdout };
}

test('fairdeal serve without hono, then without @hono/node-server: exit 2, one line each', async () => {
  hide(...PEERS);
  assert.deepEqual(await cli(['serve', '--port', '0']), {
    status: 2,
    stdout: '',
    stderr: `fairdeal serve: ${line('running the dealer service', 'hono')}\n`,
  });
  hide('@hono/node-server');
  assert.deepEqual(await cli(['serve', '--port', '0']), {
    status: 2,
    stdout: '',
    stderr: `fairdeal serve: ${line('running the dealer service', '@hono/node-server')}\n`,
  });
});

test('the service with a PostgreSQL DATABASE_URL and no pg: MISSING_PEER from the pool and the notifier', async () => {
  hide('pg');
  const url = 'postgres://nobody@127.0.0.1:1/none';
  const { loadPg } = await import('../src/server/store/postgres/load-pg.ts');
  const { openMigratedPool } = await import('../src/server/store/postgres/pool.ts');
  const { createPgNotifier } = await import('../src/server/pg-notifier.ts');
  const purpose = 'a PostgreSQL DATABASE_URL';
  await assert.rejects(loadPg(), missingPeer(purpose, 'pg'));
  await assert.rejects(openMigratedPool({ url }), missingPeer(purpose, 'pg'));
  await assert.rejects(createPgNotifier({ url }), missingPeer(purpose, 'pg'));
});

test('PNG pictures without @resvg/resvg-js: the library, the CLI (exit 2, before any run) and the service (501)', async () => {
  hide('@resvg/resvg-js');
  const { renderPng } = await import('../src/audit/index.ts');
  await assert.rejects(renderPng('<svg/>'), missingPeer('PNG output', '@resvg/resvg-js'));
  const png = line('drawing PNG pictures', '@resvg/resvg-js');
  for (const args of [
    ['audit', '--algorithm', 'swap-any', '--trials', '100', '--heatmap', 'h.png'],
    ['audit', '--all', '--trials', '100'],
    ['complexity', '--png', 'c.png', '--max-n', '8', '--budget', '1'],
  ]) {
    const r = await cli(args);
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stderr, `fairdeal ${args[0]}: ${png}\n`, args.join(' '));
    assert.equal(r.stdout, '', 'nothing ran');
  }
  const { testApp } = await import('./support/server-app.ts');
  const answer = await testApp().call('/static/img/AS.png');
  assert.equal(answer.status, 501);
  assert.deepEqual(answer.body, {
    success: false,
    error: 'PNG images need the optional package @resvg/resvg-js; the SVG images work without it.',
    code: 'PNG_UNAVAILABLE',
  });
  assert.equal((await testApp().call('/static/img/AS.svg')).status, 200);
});

test('dark deals without @noble/curves: the entry imports, the first use is MISSING_PEER', async () => {
  hide('@noble/curves/ed25519.js');
  const dark = await import('../src/dark/index.ts');
  const purpose = 'dark deals';
  await assert.rejects(dark.loadDarkGroup(), missingPeer(purpose, '@noble/curves'));
  await assert.rejects(
    dark.DarkSeat.create({ table: 't', hand: 1, preset: 'doudizhu', seats: 3, seat: 0 }),
    missingPeer(purpose, '@noble/curves'),
  );
  await assert.rejects(dark.verifyDarkTranscript('{}'), { code: 'BAD_TRANSCRIPT' });
  // and no other entry of the library loads it
  for (const entry of ['index.ts', 'fair/index.ts', 'client/index.ts', 'rules/doudizhu/index.ts']) {
    await import(`../src/${entry}`);
  }
  hide();
  assert.equal((await dark.loadDarkGroup()).Point.BASE.toBytes().length, 32);
});

test('every import of an optional peer in src/ goes through loadPeer, named as it is imported', () => {
  const files = readdirSync(join(root, 'src'), { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts') && !d.name.endsWith('.test.ts'))
    .map((d) => join(d.parentPath, d.name));
  const peer = `(${PEERS.map((p) => p.replace(/[/.]/g, '\\$&')).join('|')})`;
  const anyImport = new RegExp(`import\\(\\s*'${peer}'\\s*\\)`, 'g');
  const throughLoadPeer = new RegExp(
    `loadPeer\\(\\s*'${peer}',\\s*'[^']+',\\s*\\(\\) =>\\s*import\\(\\s*'\\1'\\s*\\),?\\s*\\)`,
    'g',
  );
  let sites = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(/^\s*(?:\/\/|\*).*$/gm, '');
    const all = text.match(anyImport)?.length ?? 0;
    const good = text.match(throughLoadPeer)?.length ?? 0;
    assert.equal(all, good, `${relative(root, file)}: an optional peer imported without loadPeer`);
    sites += good;
    // @noble/curves is imported by subpath and named by its package.
    const noble = text.match(/import\(\s*'@noble\/curves[^']*'\s*\)/g)?.length ?? 0;
    const nobleGood =
      text.match(
        /loadPeer\(\s*'@noble\/curves',\s*'[^']+',\s*\(\) =>\s*import\(\s*'@noble\/curves\/ed25519\.js'\s*\),?\s*\)/g,
      )?.length ?? 0;
    assert.equal(
      noble,
      nobleGood,
      `${relative(root, file)}: @noble/curves imported without loadPeer`,
    );
    sites += nobleGood;
  }
  // renderPng, ensurePngRenderer, the card images, serve (2), loadPg, loadDarkGroup.
  assert.equal(sites, 7);
});
