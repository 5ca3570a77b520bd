// docs/CLIENT.md's whole-hand example must run as written: against a real server on 127.0.0.1
// (its address put in place of the example's), with `fairdeal`, `fairdeal/client` and
// `fairdeal/doudizhu` pointing at our sources. Three seats, one hand, three PROVEN FAIR.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
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

// …and type-checks as written, with the house's strict options: a user who copies it into a
// TypeScript project gets no error (the entries resolved to our sources by relative path).
test("docs/CLIENT.md's whole-hand example type-checks", () => {
  const doc = readFileSync(new URL('docs/CLIENT.md', root), 'utf8');
  const example = /## A whole hand[\s\S]*?```ts\n([\s\S]*?)```/.exec(doc)?.[1];
  assert.ok(example, 'docs/CLIENT.md has the example');
  const here = fileURLToPath(root);
  const dir = mkdtempSync(join(here, 'test/.client-doc-'));
  try {
    const to = (path: string) => relative(dir, join(here, path));
    const code = example
      .replace("from 'fairdeal/client'", `from '${to('src/client/index.ts')}'`)
      .replace("from 'fairdeal/doudizhu'", `from '${to('src/rules/doudizhu/index.ts')}'`)
      .replace("from 'fairdeal'", `from '${to('src/index.ts')}'`);
    // A module (top-level await), as the example is meant to be run.
    const file = join(dir, 'example.ts');
    writeFileSync(file, `${code}\nexport {};\n`);
    const config = ts.readConfigFile(join(here, 'tsconfig.json'), ts.sys.readFile).config;
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, here);
    const program = ts.createProgram([file], { ...options, noEmit: true });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName === file)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    assert.deepEqual(problems, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
