import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { checkId, checkText, MAX_TEXT_BYTES } from './validate.ts';

const asciiUnit = fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c));

test('printable ASCII ids, which checkId passes without the Unicode checks, would pass them all', () => {
  // docs/FAIR.md §3: NFC, no Cc/Cf/Zl/Zp, no lone surrogate. Checked here for every printable
  // ASCII character; NFC never composes two ASCII characters, so any string of them is NFC too.
  for (let c = 0x20; c <= 0x7e; c++) {
    const s = String.fromCharCode(c);
    assert.ok(!/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(s) && s.normalize('NFC') === s, s);
  }
  let controls = 0;
  fc.assert(
    fc.property(fc.string({ unit: asciiUnit, minLength: 1, maxLength: 30 }), (s) => {
      const printable = /^[\x20-\x7e]+$/.test(s);
      if (printable) {
        assert.equal(checkId(s, 'player id'), s);
      } else {
        controls++;
        assert.throws(() => checkId(s, 'player id'), { code: 'BAD_OPTION' });
      }
    }),
    { numRuns: 2000 },
  );
  assert.ok(controls > 100, `only ${controls} ids with a control character`);
});

test('checkText counts UTF-8 bytes, not code units', () => {
  assert.equal(checkText('a'.repeat(MAX_TEXT_BYTES), 'seed').length, MAX_TEXT_BYTES);
  assert.throws(() => checkText('a'.repeat(MAX_TEXT_BYTES + 1), 'seed'), { code: 'BAD_OPTION' });
  assert.equal(checkText('é'.repeat(512), 'seed').length, 512); // 1024 bytes
  assert.throws(() => checkText('é'.repeat(513), 'seed'), { code: 'BAD_OPTION' });
  assert.equal(checkText('🂡'.repeat(256), 'seed').length, 512); // 1024 bytes
  assert.throws(() => checkText('中'.repeat(342), 'seed'), { code: 'BAD_OPTION' }); // 1026
  assert.equal(checkText('中'.repeat(341), 'seed').length, 341); // 1023
});
