// docs/CLIENT.md's whole-hand example must run as written: against a real server on 127.0.0.1
// (its address put in place of the example's), with `fairdeal`, `fairdeal/client` and
// `fairdeal/doudizhu` pointing at our sources. Three seats, one hand, three PROVEN FAIR.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { spawnServer, stopDealer } from './server/spawn-server.ts';

const root = new URL('..', import.meta.url);
const entry = (path: string) => new URL(path, root).href;

test("docs/CLIENT.md's whole-hand example runs as written and proves the hand fair", {
  timeout: 60_000,
}, async () => {
  const doc = readFileSync(new URL('docs/CLIENT.md', root), 'utf8');
  const example = /## A whole hand[\s\S]*?```ts\n([\s\S]*?)```/.exec(doc)?.[1];
  assert.ok(example, 'docs/CLIENT.md has the example');
  assert.match(example, /baseUrl: 'http:\/\/127\.0\.0\.1:8080'/);
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-client-doc-'));
  const server = await spawnServer(join(dir, 'db.sqlite'));
  const logged: string[] = [];
  const log = console.log;
  try {
    const code = example
      .replace("from 'fairdeal/client'", `from '${entry('src/client/index.ts')}'`)
      .replace("from 'fairdeal/doudizhu'", `from '${entry('src/rules/doudizhu/index.ts')}'`)
      .replace("from 'fairdeal'", `from '${entry('src/index.ts')}'`)
      .replace('http://127.0.0.1:8080', server.url);
    const file = join(dir, 'example.ts');
    writeFileSync(file, code);
    console.log = (...args: unknown[]) => void logged.push(args.join(' '));
    await import(pathToFileURL(file).href);
  } finally {
    console.log = log;
    await stopDealer(server);
    rmSync(dir, { recursive: true, force: true });
  }
  assert.deepEqual(logged, ['hand 1: PROVEN FAIR', 'hand 1: PROVEN FAIR', 'hand 1: PROVEN FAIR']);
});
