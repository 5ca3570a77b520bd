import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/**
 * The content codings `npm run build:web` writes beside each file it builds (`main.js.br`,
 * `main.js.gz`), in the service's order of preference when a client accepts both equally.
 */
export const CODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** `br` or `gzip`. */
export type Coding = (typeof CODINGS)[number]['coding'];

/** A file's bytes and the compressed forms made for it at build time. */
export interface Precompressed {
  readonly body: Uint8Array<ArrayBuffer>;
  /** The built compressed forms; a coding missing here is never sent. */
  readonly encoded: Readonly<Partial<Record<Coding, Uint8Array<ArrayBuffer>>>>;
  /** 22 base64url characters of the SHA-256 of `body`: the ETags are made from it. */
  readonly hash: string;
}

/**
 * Wraps bytes as a {@link Precompressed} file: the body's hash, and the compressed forms given
 * (none by default). Nothing is compressed here: the service compresses nothing at all, the build
 * does it once (tools/build-web.ts).
 *
 * @example
 * ```ts
 * precompressed(new TextEncoder().encode('<svg/>')).encoded; // {}
 * ```
 * @throws never.
 */
export function precompressed(
  body: Uint8Array<ArrayBuffer>,
  encoded: Precompressed['encoded'] = {},
): Precompressed {
  return {
    body,
    encoded,
    hash: createHash('sha256').update(body).digest('base64url').slice(0, 22),
  };
}

/**
 * Reads a built file and the compressed forms the build wrote beside it (`path.br`, `path.gz`),
 * or `undefined` when `path` does not exist. A missing compressed form is left out, not made.
 *
 * @example
 * ```ts
 * readPrecompressed('dist-web/main.js')?.encoded.br; // the build's brotli bytes
 * ```
 * @throws {Error} if a file exists but cannot be read.
 */
export function readPrecompressed(path: string): Precompressed | undefined {
  if (!existsSync(path)) return undefined;
  const encoded: Partial<Record<Coding, Uint8Array<ArrayBuffer>>> = {};
  for (const { coding, suffix } of CODINGS) {
    if (existsSync(path + suffix)) encoded[coding] = new Uint8Array(readFileSync(path + suffix));
  }
  return precompressed(new Uint8Array(readFileSync(path)), encoded);
}
