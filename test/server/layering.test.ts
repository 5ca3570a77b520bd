import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = join(ROOT, 'src/server');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

test('src/server (tests aside) uses the library only through src/index.ts, and no other app', () => {
  // pg: the optional PostgreSQL driver, loaded only for DATABASE_URL (store/postgres/load-pg.ts).
  const allowedPackages = /^(node:|hono($|\/)|@hono\/node-server|@resvg\/resvg-js$|pg$)/;
  const seen: string[] = [];
  for (const file of files(SERVER)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /(?:import|export)[^'"]*?from\s+'([^']+)'|import\('([^']+)'\)/g,
    )) {
      const spec = m[1] ?? m[2]!;
      if (!spec.startsWith('.')) {
        assert.match(spec, allowedPackages, `${relative(ROOT, file)} imports ${spec}`);
        continue;
      }
      const target = relative(ROOT, resolve(dirname(file), spec));
      seen.push(target);
      assert.ok(
        target.startsWith('src/server/') ||
          [
            'src/index.ts',
            'src/fair/index.ts',
            'src/rules/doudizhu/index.ts',
            'src/client/index.ts',
            // dark tables check the seats' proofs (tables/dark-*.ts).
            'src/dark/index.ts',
            // loadPeer, the one loader of optional packages (pg, @resvg/resvg-js).
            'src/audit/index.ts',
          ].includes(target),
        `${relative(ROOT, file)} imports ${target}`,
      );
    }
  }
  assert.ok(seen.includes('src/index.ts'));
});
