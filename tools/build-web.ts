// Builds the web page (src/web) into static files the dealer service serves at / (docs/WEB.md):
// `npm run build:web` → dist-web/. esbuild bundles the TypeScript for browsers (platform
// 'browser': a node: import anywhere on the page's graph fails the build), splits the code so the
// audit view is a chunk loaded on demand, and bundles the audit worker on its own.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const WEB = join(ROOT, 'src/web');

/** Where `npm run build:web` writes, and where the service looks by default. */
export const DEFAULT_OUT_DIR = join(ROOT, 'dist-web');

/** Files written and their sizes in bytes. */
export interface WebBuild {
  readonly outDir: string;
  readonly files: Readonly<Record<string, number>>;
}

/**
 * Bundles src/web into `outDir` (emptied first): index.html, main.css, main.js and its chunks,
 * audit-worker.js, audit-sandbox.js.
 *
 * @example
 * ```ts
 * const { files } = await buildWeb();
 * ```
 * @throws {Error} esbuild's errors (a type the bundler cannot strip, a node: import, a missing file).
 */
export async function buildWeb(outDir = DEFAULT_OUT_DIR): Promise<WebBuild> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const common: BuildOptions = {
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome109', 'firefox115', 'safari16'],
    outdir: outDir,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
    // The library reads process.getBuiltinModule only where it exists; nothing else is Node.
    define: { 'process.env.NODE_ENV': '"production"' },
  };
  const page = await build({
    ...common,
    entryPoints: [join(WEB, 'main.ts'), join(WEB, 'main.css')],
    splitting: true,
    chunkNames: 'chunk-[hash]',
    entryNames: '[name]',
  });
  // The worker is one file with no imports: its CSP (src/server/web-page.ts) is its own.
  const worker = await build({
    ...common,
    entryPoints: { 'audit-worker': join(WEB, 'audit-worker.ts') },
    splitting: false,
    entryNames: '[name]',
  });
  // The sandbox for pasted code: a classic worker (one script, no module graph), so that its
  // policy, which allows no script source at all, is what refuses importScripts and import().
  const sandbox = await build({
    ...common,
    format: 'iife',
    entryPoints: { 'audit-sandbox': join(WEB, 'audit-sandbox.ts') },
    splitting: false,
    entryNames: '[name]',
  });
  copyFileSync(join(WEB, 'index.html'), join(outDir, 'index.html'));
  const files: Record<string, number> = {};
  for (const meta of [page.metafile, worker.metafile, sandbox.metafile]) {
    for (const [path, out] of Object.entries(meta?.outputs ?? {})) {
      files[relative(outDir, resolve(ROOT, path))] = out.bytes;
    }
  }
  return { outDir, files };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { outDir, files } = await buildWeb(process.argv[2] ?? DEFAULT_OUT_DIR);
  const list = Object.entries(files)
    .map(([f, b]) => `  ${f} ${(b / 1024).toFixed(1)} KiB`)
    .join('\n');
  process.stdout.write(`web page built in ${relative(ROOT, outDir) || '.'}:\n${list}\n`);
}
