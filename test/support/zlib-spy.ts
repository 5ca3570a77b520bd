// Preloaded into a process under test (NODE_OPTIONS=--import=<this file>): every compressing
// function and class of node:zlib writes `zlib-spy: <name>` to stderr when used, so that a test
// can show the dealer service compresses nothing (issue 26: compressing the page at start cost it
// ~2 s of CPU before it listened). Named imports of node:zlib see the spies too
// (syncBuiltinESMExports); decompressing is not watched.
import { syncBuiltinESMExports } from 'node:module';
import zlib from 'node:zlib';

const table = zlib as unknown as Record<string, unknown>;
const report = (name: string) => process.stderr.write(`zlib-spy: ${name}\n`);
const watched = Object.keys(table).filter((name) =>
  /^(?:(?:brotliCompress|gzip|deflate|deflateRaw|zstdCompress)(?:Sync)?|create(?:BrotliCompress|Gzip|Deflate|DeflateRaw|ZstdCompress)|BrotliCompress|Gzip|Deflate|DeflateRaw|ZstdCompress)$/.test(
    name,
  ),
);
for (const name of watched) {
  const original = table[name] as (...args: unknown[]) => unknown;
  // create* are read-only but configurable: redefined, not assigned.
  const spy = /^[A-Z]/.test(name)
    ? class extends (original as unknown as new (...args: unknown[]) => object) {
        constructor(...args: unknown[]) {
          report(name);
          super(...args);
        }
      }
    : function (this: unknown, ...args: unknown[]) {
        report(name);
        return original.apply(this, args);
      };
  Object.defineProperty(table, name, {
    ...Object.getOwnPropertyDescriptor(table, name),
    value: spy,
  });
}
syncBuiltinESMExports();
process.stderr.write(`zlib-spy: watching ${watched.length} functions\n`);
