import assert from 'node:assert/strict';
import { test } from 'node:test';
import { publicEntries } from './support/entries.ts';
import {
  checkLayering,
  collectImports,
  type ImportEdge,
  importsOf,
  type LayeringConfig,
} from './support/layering.ts';

// docs/ARCHITECTURE.md's rules, checked over the real import graph of src/.
const root = new URL('..', import.meta.url).pathname;
const entries = Object.values(publicEntries());
const config: LayeringConfig = {
  entries,
  browserEntries: entries.filter((e) => e !== 'src/audit/index.ts'),
};

test('the import graph of src/ keeps the house rules', () => {
  const edges = collectImports(root);
  assert.ok(edges.length > 300, `found ${edges.length} imports`);
  assert.deepEqual(checkLayering(edges, config), []);
});

test('every public entry of package.json exists and is a library file', () => {
  assert.ok(entries.includes('src/index.ts') && entries.includes('src/testing.ts'));
  for (const entry of entries) assert.match(entry, /^src\/(?!(cli|server|web)\/)/);
});

const edge = (from: string, to: string, extra: Partial<ImportEdge> = {}): ImportEdge => ({
  from,
  to,
  typeOnly: false,
  dynamic: false,
  names: [],
  ...extra,
});

test('each rule catches its violation (synthetic graph)', () => {
  const cases: [ImportEdge[], RegExp][] = [
    [[edge('src/random/x.ts', 'src/games/deal.ts')], /imports point down/],
    [[edge('src/shuffle/shuffle.ts', 'src/shuffle/catalog/catalog.ts')], /imports point down/],
    [[edge('src/games/deal.ts', 'src/shuffle/catalog/index.ts')], /never dealing/],
    [[edge('src/fair/verify.ts', 'src/audit/index.ts')], /imports point down/],
    [[edge('src/games/deal.ts', 'src/index.ts')], /imports point down/],
    [[edge('src/cli/main.ts', 'src/errors.ts')], /only through its public entries/],
    [[edge('src/server/app.ts', 'src/games/dealer.ts')], /only through its public entries/],
    [[edge('src/server/app.ts', 'src/cli/main.ts')], /apps do not import each other/],
    [[edge('src/web/page.ts', 'src/audit/index.ts')], /browser-safe entries/],
    [[edge('src/web/page.ts', 'node:fs')], /no node: modules/],
    [[edge('src/cards/card.ts', 'node:crypto')], /browser-safe/],
    [[edge('src/audit/analyze-counts.ts', 'node:os', { dynamic: true })], /browser-safe/],
    [[edge('src/audit/chi-square-sf.ts', 'jstat')], /no dependencies/],
    [[edge('src/games/deal.ts', 'src/cli/io.ts')], /never imports an app/],
    [[edge('src/dark/verify-dark.ts', 'src/client/index.ts')], /imports point down/],
    [[edge('src/dark/share.ts', '@noble/curves/ed25519.js', { dynamic: true })], /no dependencies/],
    [
      [
        edge('src/shuffle/fisher-yates.ts', 'src/random/buffered-source.ts', {
          names: ['poolAccess'],
        }),
      ],
      /fast paths/,
    ],
    [
      [
        edge('src/shuffle/a.ts', 'src/shuffle/b.ts'),
        edge('src/shuffle/b.ts', 'src/shuffle/a.ts', { typeOnly: true }),
      ],
      /import cycle: src\/shuffle\/a.ts → src\/shuffle\/b.ts → src\/shuffle\/a.ts/,
    ],
  ];
  for (const [edges, expected] of cases) {
    const problems = checkLayering(edges, config);
    assert.equal(problems.length, 1, `${JSON.stringify(edges)}: ${problems.join('; ')}`);
    assert.match(problems[0]!, expected);
  }
  // and what is allowed stays allowed
  const fine = [
    edge('src/cli/main.ts', 'src/index.ts'),
    edge('src/cli/main.ts', 'src/server/index.ts'),
    edge('src/web/page.ts', 'src/fair/index.ts'),
    edge('src/fair/verify.ts', 'src/games/index.ts'),
    edge('src/audit/run-audit.ts', 'node:worker_threads', { dynamic: true }),
    edge('src/audit/render-png.ts', '@resvg/resvg-js', { dynamic: true }),
    edge('src/dark/load-group.ts', '@noble/curves/ed25519.js', { dynamic: true }),
    edge('src/dark/share.ts', '@noble/curves/ed25519.js', { typeOnly: true }),
    edge('src/dark/verify-dark.ts', 'src/fair/json-input.ts'),
    edge('src/random/chacha20.ts', 'node:crypto', { typeOnly: true, dynamic: true }),
    edge('src/shuffle/blocked.ts', 'src/random/buffered-source.ts', { names: ['poolAccess'] }),
  ];
  assert.deepEqual(checkLayering(fine, config), []);
});

test('importsOf reads every import form, and none in comments', () => {
  const text = `
    /** import { x } from '../games/deal.ts' in a comment */
    import type { A } from './a.ts';
    import { type B, c } from './b.ts';
    export { d } from '../d.ts';
    export type { E } from './e.ts';
    const m = await import('node:os');
    let t: typeof import('node:crypto');
  `;
  const edges = importsOf('src/random/x.ts', text).map((e) => [e.to, e.typeOnly, e.dynamic]);
  assert.deepEqual(edges, [
    ['src/random/a.ts', true, false],
    ['src/random/b.ts', false, false],
    ['src/d.ts', false, false],
    ['src/random/e.ts', true, false],
    ['node:os', false, true],
    ['node:crypto', true, true],
  ]);
});
