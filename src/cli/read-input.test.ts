import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { exitForError } from './exit-for-error.ts';
import { InputError, parseJsonText, readJsonFile, readTextFile } from './read-input.ts';

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-read-'));
const io = { cwd: dir };

function lineOf(fn: () => unknown): { line: string; status: number } {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof InputError, String(error));
    return exitForError(error, 'verify');
  }
  return assert.fail('did not throw');
}

test('file errors are named as such, exit 1', () => {
  assert.deepEqual(
    lineOf(() => readTextFile(io, 'missing.json')),
    { line: 'cannot read missing.json: no such file or directory (ENOENT)', status: 1 },
  );
  assert.deepEqual(
    lineOf(() => readTextFile(io, '.')),
    {
      line: 'cannot read .: is a directory (EISDIR)',
      status: 1,
    },
  );
  writeFileSync(join(dir, 'ok.json'), '{"a": [1, 2]}');
  assert.deepEqual(readJsonFile(io, 'ok.json'), { a: [1, 2] });
});

test('JSON errors say where, never what: raw bytes and secrets stay out of the message', () => {
  const secret = 'server-seed-0123456789abcdef';
  writeFileSync(join(dir, 'bin.json'), Buffer.from([0x00, 0x01, 0x1b, 0x5b, 0x32, 0x4a, 0xff]));
  writeFileSync(join(dir, 'cut.json'), `{\n  "serverSeed": "${secret}",\n  "hand": }\n`);
  writeFileSync(join(dir, 'empty.json'), '  \n');
  const bin = lineOf(() => readJsonFile(io, 'bin.json', 'transcript'));
  assert.equal(bin.line, 'transcript bin.json is not valid JSON (it holds binary data, not text)');
  const cut = lineOf(() => readJsonFile(io, 'cut.json', 'transcript'));
  assert.equal(cut.line, 'transcript cut.json is not valid JSON');
  writeFileSync(join(dir, 'extra.json'), '{"a": 1}\n{"b": 2}');
  assert.equal(
    lineOf(() => readJsonFile(io, 'extra.json')).line,
    'file extra.json is not valid JSON (line 2, column 1)',
  );
  assert.ok(!cut.line.includes(secret));
  assert.equal(
    lineOf(() => readJsonFile(io, 'empty.json')).line,
    'file empty.json is not valid JSON (it is empty)',
  );
  assert.throws(
    () => parseJsonText('[1,', 'standard input'),
    /^InputError: standard input is not valid JSON/,
  );
});
