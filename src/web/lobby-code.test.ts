// Room codes as typed (lobby-code.ts): the forgiving reading Crockford's base32 intends, and the
// shapes that are no code at all.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeFromHash, roomCode, showRoomCode } from './lobby-code.ts';
import { displayName } from './lobby-name.ts';

test('a code is read in any case, with or without its hyphen and spaces, O as 0 and I, L as 1', () => {
  for (const typed of ['ABCD-EFGH', 'abcdefgh', ' abcd efgh ', 'AbCd–eFgH', 'ab-cd-ef-gh']) {
    assert.equal(roomCode(typed), 'ABCDEFGH', typed);
  }
  assert.equal(roomCode('o0Il-L1ZZ'), '001111ZZ');
  assert.equal(showRoomCode('ABCDEFGH'), 'ABCD-EFGH');
});

test('what cannot be a code is refused before anything is sent', () => {
  for (const typed of ['', 'ABCD', 'ABCD-EFGHJ', 'ABCD-EFGU', 'ABCD-EFG!', '张三张三张三张三']) {
    assert.equal(roomCode(typed), null, typed);
  }
});

test('a #room= address gives its code; any other address none', () => {
  assert.equal(codeFromHash('#room=ABCDEFGH'), 'ABCDEFGH');
  assert.equal(codeFromHash('#room=abcd-efgh'), 'ABCDEFGH');
  assert.equal(codeFromHash('#room=ABCD%20EFGH'), 'ABCDEFGH');
  assert.equal(codeFromHash('#room=%E0%A4%A'), null);
  assert.equal(codeFromHash('#table/k3x/0'), null);
  assert.equal(codeFromHash('#room=ABCDEFGH/0'), null);
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
