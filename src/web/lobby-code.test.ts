// The lobby's reading of what people give it: a #room= address (lobby-code.ts; the code itself is
// read by fairdeal/client's parseRoomCode, tested with it) and a display name (lobby-name.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeFromHash } from './lobby-code.ts';
import { displayName } from './lobby-name.ts';

test('a #room= address gives its code; any other address none', () => {
  assert.equal(codeFromHash('#room=ABCDEFGH'), 'ABCDEFGH');
  assert.equal(codeFromHash('#room=abcd-efgh'), 'ABCDEFGH');
  assert.equal(codeFromHash('#room=ABCD%20EFGH'), 'ABCDEFGH');
  assert.equal(codeFromHash('#room=%E0%A4%A'), null);
  assert.equal(codeFromHash('#table/k3x/0'), null);
  assert.equal(codeFromHash('#room=ABCDEFGH/0'), null);
  assert.equal(codeFromHash('#room=ABCD-EFGU'), null);
});

test('a name is 1 to 20 characters of any script, trimmed, without control or format characters', () => {
  assert.equal(displayName('  张三 '), '张三');
  assert.equal(displayName("O'Brien"), "O'Brien");
  assert.equal(displayName('Zoe\u0308'), 'Zoë'); // NFC
  assert.equal(
    displayName('一二三四五六七八九十一二三四五六七八九十'),
    '一二三四五六七八九十一二三四五六七八九十',
  );
  for (const bad of ['', '   ', 'x'.repeat(21), 'a\u202Eb', 'a\u200Db', 'a\nb', 'a\u0000b']) {
    assert.equal(displayName(bad), null, JSON.stringify(bad));
  }
});
