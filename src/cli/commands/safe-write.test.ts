import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { OutputError, UsageError } from '../io.ts';
import { checkWritable, writeSafely } from './safe-write.ts';

test('writeSafely: output that fails half-way leaves the old file whole and no temporary file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-safe-'));
  const path = join(dir, 'out.bin');
  writeFileSync(path, 'old content');
  const boom = new Error('the generator failed');
  assert.throws(
    () =>
      writeSafely(
        path,
        (write) => {
          write('new ');
          write(new Uint8Array(1 << 20));
          throw boom;
        },
        { secret: false, force: true, shown: 'out.bin' },
      ),
    (e) => e === boom, // the body's own error, passed on as it is
  );
  assert.equal(readFileSync(path, 'utf8'), 'old content');
  assert.deepEqual(readdirSync(dir), ['out.bin']);
  writeSafely(path, (write) => write('new'), { secret: true, force: true, shown: 'out.bin' });
  assert.equal(readFileSync(path, 'utf8'), 'new');
  assert.equal(statSync(path).mode & 0o777, 0o600);
});

test('checkWritable: the command line is refused with exit 2, the system with exit 1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-safe-'));
  writeFileSync(join(dir, 'f'), 'x');
  const o = { force: false, shown: 'x' };
  assert.throws(() => checkWritable(join(dir, 'f'), o), UsageError);
  assert.throws(() => checkWritable(dir, { ...o, force: true }), /not a regular file/);
  assert.throws(() => checkWritable(join(dir, 'f', 'g'), o), OutputError);
  assert.throws(() => checkWritable(join(dir, 'no', 'g'), o), /\(its folder\): no such file/);
  checkWritable(join(dir, 'f'), { ...o, force: true });
  checkWritable(join(dir, 'new'), o);
  assert.deepEqual(readdirSync(dir), ['f'], 'nothing written');
});
