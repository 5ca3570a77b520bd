// Builds the web page (src/web) into static files the dealer service serves at / (docs/WEB.md):
// `npm run build:web` → dist-web/. esbuild bundles the TypeScript for browsers (platform
// 'browser': a node: import anywhere on the page's graph fails the build), splits the code so the
// audit view is a chunk loaded on demand, and bundles the audit worker on its own. The card faces
// are written from the service's own drawing code (src/server/images/card-svg.ts) into img/, and
// every file gets its brotli and gzip forms beside it (`main.js.br`, `main.js.gz`): the service
// sends those bytes as they are and compresses nothing (compressing at start cost it ~2 s of CPU
// before it listened; the faces went uncompressed).
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';
import { enableServiceCompileCache } from '../src/cli/compile-cache.ts';
import { FACE_NAMES, FACES_FOLDER, faceSvg } from '../src/server/images/card-faces.ts';
import { CODINGS, type Coding } from '../src/server/precompressed.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const WEB = join(ROOT, 'src/web');

/** Where `npm run build:web` writes, and where the service looks by default. */
export const DEFAULT_OUT_DIR = join(ROOT, 'dist-web');

/** One built file's size in bytes, plain and in each compressed form written beside it. */
export type BuiltSizes = { readonly bytes: number } & Readonly<Partial<Record<Coding, number>>>;

/** Files written (paths relative to `outDir`: `main.js`, `img/AS.svg`) and their sizes. */
export interface WebBuild {
  readonly outDir: string;
  readonly files: Readonly<Record<string, BuiltSizes>>;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESS: Record<Coding, (body: Buffer) => Promise<Buffer>> = {
  // The highest settings: compressed once per build, sent on every load.
  br: (body) =>
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)))
    .sort();
}

// A hidden folder next to `outDir` (same file system, so a rename moves it): .dist-web.<what>.
function beside(outDir: string, what: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.${what}`);
}

// The finished folder replaces the old one by renames, so a service starting meanwhile (another
// test's, another terminal's) finds the old page or the new one, never half of one or none for
// the seconds a build takes.
function replaceDir(built: string, outDir: string): void {
  for (let attempt = 0; ; attempt++) {
    const old = beside(outDir, `old-${process.pid}-${attempt}`);
    try {
      try {
        renameSync(outDir, old);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      renameSync(built, outDir);
      rmSync(old, { recursive: true, force: true });
      return;
    } catch (error) {
      rmSync(old, { recursive: true, force: true });
      // Another build renamed its folder in between: take its place again (a few times).
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= 5 || (code !== 'ENOTEMPTY' && code !== 'EEXIST')) throw error;
    }
  }
}

/**
 * Bundles src/web into `outDir` (replaced as a whole): index.html, main.css, main.js and its
 * chunks, audit-worker.js, audit-sandbox.js, dark-worker.js, the 55 card faces in img/, and beside each file its brotli (`.br`) and
 * gzip (`.gz`) forms, when smaller.
 *
 * @example
 * ```ts
 * const { files } = await buildWeb();
 * files['main.js']?.br; // bytes of main.js.br
 * ```
 * @throws {Error} esbuild's errors (a type the bundler cannot strip, a node: import, a missing file).
 */
export async function buildWeb(outDir = DEFAULT_OUT_DIR): Promise<WebBuild> {
  const dir = beside(outDir, `building-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, FACES_FOLDER), { recursive: true });
  try {
    const common: BuildOptions = {
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2022', 'chrome109', 'firefox115', 'safari16'],
      outdir: dir,
      legalComments: 'none',
      // The Chinese words as UTF-8, not \u escapes (six bytes a character).
      charset: 'utf8',
      logLevel: 'silent',
      // The library reads process.getBuiltinModule only where it exists; nothing else is Node.
      define: { 'process.env.NODE_ENV': '"production"' },
    };
    await build({
      ...common,
      entryPoints: [join(WEB, 'main.ts'), join(WEB, 'main.css')],
      splitting: true,
      chunkNames: 'chunk-[hash]',
      entryNames: '[name]',
    });
    // The worker is one file with no imports: its CSP (src/server/web-page.ts) is its own.
    await build({
      ...common,
      entryPoints: { 'audit-worker': join(WEB, 'audit-worker.ts') },
      splitting: false,
      entryNames: '[name]',
    });
    // A dark table's worker holds a seat's secrets: one file with no imports (the group from
    // @noble/curves bundled in), so its policy, which allows no script and no connection, is its own.
    await build({
      ...common,
      entryPoints: { 'dark-worker': join(WEB, 'dark-worker.ts') },
      splitting: false,
      entryNames: '[name]',
    });
    // The sandbox for pasted code: a classic worker (one script, no module graph), so that its
    // policy, which allows no script source at all, is what refuses importScripts and import().
    await build({
      ...common,
      format: 'iife',
      entryPoints: { 'audit-sandbox': join(WEB, 'audit-sandbox.ts') },
      splitting: false,
      entryNames: '[name]',
    });
    copyFileSync(join(WEB, 'index.html'), join(dir, 'index.html'));
    for (const name of FACE_NAMES) {
      writeFileSync(join(dir, FACES_FOLDER, `${name}.svg`), faceSvg(name));
    }
    const files: Record<string, BuiltSizes> = {};
    await Promise.all(
      filesUnder(dir).map(async (name) => {
        const body = readFileSync(join(dir, name));
        const sizes: { bytes: number } & Partial<Record<Coding, number>> = { bytes: body.length };
        for (const { coding, suffix } of CODINGS) {
          const packed = await COMPRESS[coding](body);
          if (packed.length >= body.length) continue; // the plain bytes are sent instead
          writeFileSync(join(dir, name + suffix), packed);
          sizes[coding] = packed.length;
        }
        files[name] = sizes;
      }),
    );
    replaceDir(dir, outDir);
    return {
      outDir,
      files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b))),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kib = (n: number | undefined) => (n === undefined ? '-' : `${(n / 1024).toFixed(1)} KiB`);

if (import.meta.url === `file://${process.argv[1]}`) {
  const { outDir, files } = await buildWeb(process.argv[2] ?? DEFAULT_OUT_DIR);
  const entries = Object.entries(files);
  const page = entries.filter(([f]) => !f.startsWith(`${FACES_FOLDER}/`));
  const faces = entries.filter(([f]) => f.startsWith(`${FACES_FOLDER}/`));
  const sum = (list: typeof entries, key: 'bytes' | Coding) =>
    list.reduce((a, [, s]) => a + (s[key] ?? s.bytes), 0);
  const list = page
    .map(([f, s]) => `  ${f} ${kib(s.bytes)} (brotli ${kib(s.br)}, gzip ${kib(s.gzip)})`)
    .join('\n');
  process.stdout.write(
    `web page built in ${relative(ROOT, outDir) || '.'}:\n${list}\n  ${FACES_FOLDER}/: ${faces.length} card faces, ${kib(sum(faces, 'bytes'))} (brotli ${kib(sum(faces, 'br'))}, gzip ${kib(sum(faces, 'gzip'))})\n`,
  );
  // `npm start` runs this just before the service: loading the service's modules here fills the
  // compile cache it starts from (src/cli/compile-cache.ts), so that its first start after a
  // clone or a change does not strip and compile them either. Without hono (an optional peer)
  // there is no service to prepare.
  enableServiceCompileCache(process.env);
  await import('../src/server/index.ts').catch(() => undefined);
}
