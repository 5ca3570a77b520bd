import { readFileSync } from 'node:fs';

const root = new URL('../..', import.meta.url).pathname;

/**
 * The package's public entries, from package.json `exports`: specifier → source file
 * (`fairdeal/fair` → `src/fair/index.ts`), so tests follow the published map.
 */
export function publicEntries(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
    name: string;
    exports: Record<string, string | { default: string }>;
  };
  const out: Record<string, string> = {};
  for (const [key, target] of Object.entries(pkg.exports)) {
    if (typeof target === 'string') continue; // ./package.json
    const specifier = key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`;
    out[specifier] = target.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts');
  }
  return out;
}
