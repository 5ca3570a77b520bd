import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The house rules of docs/ARCHITECTURE.md as code: a checker over the import graph of src/.
 * Kept apart from its test so that the test can feed it a synthetic graph and see each rule bite.
 */

/** One import: `to` is a path from the repository root (`src/random/source.ts`) or a bare
 *  specifier (`node:fs`, `hono`). */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  /** Erased at run time (`import type`, `export type`, a type-position `import('…')`). */
  readonly typeOnly: boolean;
  /** An `import()` expression. */
  readonly dynamic: boolean;
  /** The names imported (empty for a namespace or side-effect import). */
  readonly names: readonly string[];
}

/** Library layers, lowest first. A file may import its own layer and any lower rank. */
const RANKS: Readonly<Record<string, number>> = {
  errors: 0,
  random: 1,
  shuffle: 2,
  catalog: 3,
  cards: 4,
  games: 5,
  fair: 6,
  audit: 6,
  rules: 6,
  client: 7,
  dark: 7,
  entry: 8,
};
const APPS = new Set(['cli', 'server', 'web']);
/** The founding documents' algorithms (flawed ones included) are for these layers only. */
const CATALOG_USERS = new Set(['catalog', 'audit', 'entry']);

/** The public entries (package.json `exports`, plus future rules entries). */
export interface LayeringConfig {
  readonly entries: readonly string[];
  /** Entries a browser page may import (src/web). */
  readonly browserEntries: readonly string[];
}

/** The layer of a src/ file: a library layer, an app, or 'entry' for the root entry files. */
export function layerOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] !== 'src') return 'outside';
  if (parts.length === 2) return parts[1] === 'errors.ts' ? 'errors' : 'entry';
  if (parts[1] === 'shuffle' && parts[2] === 'catalog') return 'catalog';
  return parts[1]!;
}

const POOL_ACCESSOR = 'poolAccess';
// The pooled fast paths: blocked.ts and one generated kernel per array family (docs/RANDOM.md).
const POOL_READERS = new Set([
  'src/shuffle/blocked.ts',
  ...['array', 'numbers', 'uint32', 'float64', 'typed', 'large'].map(
    (k) => `src/shuffle/kernels/${k}.ts`,
  ),
]);
/** The auditor's runner: the library's only Node-bound files (worker threads). */
const NODE_ONLY = /^src\/audit\/(run-audit|run-calibration|worker-pool|audit-worker)\.ts$/;
/** Optional peers a library file may load lazily (through loadPeer), by file. */
const LAZY_PEERS: Readonly<Record<string, readonly string[]>> = {
  'src/audit/render-png.ts': ['@resvg/resvg-js'],
  'src/dark/load-group.ts': ['@noble/curves/ed25519.js'],
};

/** Every rule broken by `edges`, one line each; empty when the house is in order. */
export function checkLayering(edges: readonly ImportEdge[], config: LayeringConfig): string[] {
  const problems: string[] = [];
  const entries = new Set(config.entries);
  const browser = new Set(config.browserEntries);
  for (const e of edges) {
    const from = layerOf(e.from);
    const bare = !e.to.startsWith('src/');
    const to = bare ? 'package' : layerOf(e.to);
    const where = `${e.from} → ${e.to}`;
    if (APPS.has(from)) {
      if (!bare && APPS.has(to) && to !== from) {
        const startsServer = from === 'cli' && e.to === 'src/server/index.ts';
        if (!startsServer) problems.push(`${where}: apps do not import each other`);
      } else if (!bare && !APPS.has(to) && !entries.has(e.to)) {
        problems.push(`${where}: apps use the library only through its public entries`);
      }
      if (from === 'web' && !bare && !APPS.has(to) && entries.has(e.to) && !browser.has(e.to)) {
        problems.push(`${where}: the web page imports only browser-safe entries`);
      }
      if (from === 'web' && bare && e.to.startsWith('node:') && !e.typeOnly) {
        problems.push(`${where}: the web page runs in browsers (no node: modules)`);
      }
      continue;
    }
    if (bare) {
      if (e.typeOnly) continue;
      if (e.to.startsWith('node:')) {
        if (!NODE_ONLY.test(e.from)) {
          problems.push(`${where}: the library is browser-safe (node: only in the audit runner)`);
        }
      } else if (!(e.dynamic && LAZY_PEERS[e.from]?.includes(e.to))) {
        problems.push(`${where}: the library has no dependencies (optional peers load lazily)`);
      }
      continue;
    }
    if (APPS.has(to)) {
      problems.push(`${where}: the library never imports an app`);
      continue;
    }
    const rankFrom = RANKS[from];
    const rankTo = RANKS[to];
    if (rankFrom === undefined || rankTo === undefined) {
      problems.push(`${where}: unknown layer (${from} → ${to}); add it to docs/ARCHITECTURE.md`);
    } else if (from !== to && rankTo >= rankFrom) {
      problems.push(`${where}: imports point down (${from} may not import ${to})`);
    } else if (to === 'catalog' && !CATALOG_USERS.has(from)) {
      problems.push(`${where}: the catalogue serves the auditor and teaching, never dealing`);
    }
    if (e.names.includes(POOL_ACCESSOR) && !POOL_READERS.has(e.from)) {
      problems.push(`${where}: only the shuffle's fast paths read the pool in place`);
    }
  }
  for (const cycle of findCycles(edges)) problems.push(`import cycle: ${cycle.join(' → ')}`);
  return problems;
}

/** Circles in the file graph (type-only edges included: they still tie the files together). */
export function findCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (!e.to.startsWith('src/')) continue;
    const list = next.get(e.from) ?? [];
    list.push(e.to);
    next.set(e.from, list);
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const to of next.get(file) ?? []) {
      const s = state.get(to);
      if (s === 'open') cycles.push([...stack.slice(stack.indexOf(to)), to]);
      else if (s === undefined) visit(to);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...next.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

/** Every import of every non-test .ts file under src/, resolved to repository paths. */
export function collectImports(root: string): ImportEdge[] {
  const files = readdirSync(join(root, 'src'), { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts') && !d.name.endsWith('.test.ts'))
    .map((d) => relative(root, join(d.parentPath, d.name)));
  return files.flatMap((file) => importsOf(file, readFileSync(join(root, file), 'utf8')));
}

/** The imports of one file, found by the TypeScript parser (comments and strings ignored). */
export function importsOf(file: string, text: string): ImportEdge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edges: ImportEdge[] = [];
  const add = (spec: string, typeOnly: boolean, dynamic: boolean, names: string[]): void => {
    const to = spec.startsWith('.') ? join(dirname(file), spec) : spec;
    edges.push({ from: file, to, typeOnly, dynamic, names });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const named = bindings !== undefined && ts.isNamedImports(bindings) ? bindings.elements : [];
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined && named.length > 0 && named.every((n) => n.isTypeOnly)));
      const names = named.map((n) => (n.propertyName ?? n.name).text);
      add(node.moduleSpecifier.text, typeOnly, false, names);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const named = clause !== undefined && ts.isNamedExports(clause) ? clause.elements : [];
      const typeOnly = node.isTypeOnly || (named.length > 0 && named.every((n) => n.isTypeOnly));
      const names = named.map((n) => (n.propertyName ?? n.name).text);
      add(node.moduleSpecifier.text, typeOnly, false, names);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, false, true, []);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, true, true, []);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}
