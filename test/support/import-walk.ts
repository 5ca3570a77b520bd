import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, resolve } from 'node:path';

const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/**
 * Walks the import graph of `entry` as a browser receives it (types stripped: a type-only
 * `import('node:crypto')` is fine) and lists what a browser-safe entry must not have: an import
 * of anything but our own files (no `node:`, no npm package) and, in code outside comments, any
 * match of `forbidden` (globals such as `process.` or `Buffer.`). Also returns how many files it
 * walked, so a test can check that the walk really followed the graph.
 *
 * @example
 * ```ts
 * const { offenders, files } = importWalk(entry, /\bprocess\.|\bBuffer\./);
 * ```
 * @throws if a file on the graph cannot be read.
 */
export function importWalk(
  entry: string,
  forbidden: RegExp,
): { offenders: string[]; files: number } {
  const seen = new Set<string>();
  const todo = [entry];
  const offenders: string[] = [];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = stripTypeScriptTypes(readFileSync(file, 'utf8'), { mode: 'strip' });
    for (const m of source.matchAll(SPECIFIER)) {
      const spec = (m[1] ?? m[2])!;
      if (spec.startsWith('.')) todo.push(resolve(dirname(file), spec));
      else offenders.push(`${file}: imports '${spec}'`);
    }
    const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    if (forbidden.test(code)) offenders.push(`${file}: uses a global it must not`);
  }
  return { offenders, files: seen.size };
}
