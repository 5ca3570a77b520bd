// The page's words in both languages (docs/WEB.md, "Languages"): every key has English and
// Chinese with the same slots, the Chinese is Chinese, and every code the page can be handed —
// the service's and the library's error codes, the rules' reasons, the verifier's problem codes,
// the shipped presets and their seat names — has words in both, so that a new one without a
// translation fails here.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { foreignWords } from '../../test/support/zh-text.ts';
import { ERROR_STATUS, TableClientError } from '../client/index.ts';
import { VERIFY_PROBLEM_CODES } from '../fair/index.ts';
import { deal, PRESET_NAMES, PRESETS } from '../index.ts';
import { errorWords } from './error-words.ts';
import { countLabel, isKey, KEYS, type Key, label } from './i18n.ts';
import { dealSeatName, presetTitle } from './preset-words.ts';
import { isDefaultName, seatName } from './seat-name.ts';

const root = new URL('../..', import.meta.url).pathname;
const slots = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** Chinese text with its code parts and slots taken out: what a reader reads as words. */
const prose = (s: string) => s.replace(/`[^`]*`/g, ' ').replace(/\{\w+\}/g, ' ');
const HAN = /[\u4e00-\u9fff]/;

/** The client's own codes (TableClientError without a service answer). */
const CLIENT_CODES = ['NETWORK', 'TIMEOUT', 'BAD_ANSWER'] as const;

test('every label has both languages with the same {slots}; plural pairs are whole', () => {
  assert.ok(KEYS.length > 300, `${KEYS.length} keys`);
  for (const key of KEYS) {
    assert.ok(label('en', key).trim().length > 0, `${key}: no English`);
    assert.ok(label('zh', key).trim().length > 0, `${key}: no Chinese`);
    assert.deepEqual(slots(label('zh', key)), slots(label('en', key)), key);
    const pair = /^(.*)\.(one|other)$/.exec(key);
    if (pair !== null) {
      assert.ok(isKey(`${pair[1]}.one`) && isKey(`${pair[1]}.other`), `${key}: half a plural pair`);
    }
  }
});

test('the Chinese words are Chinese: no Latin word but the allowed names, letters and code', () => {
  for (const key of KEYS) {
    // The switch names the other language in that language (it is marked lang="en"), and its
    // label begins with that name (WCAG 2.5.3: the accessible name holds the visible text).
    if (key === 'lang.switch' || key === 'lang.switchLabel') continue;
    const zh = label('zh', key);
    assert.deepEqual(foreignWords(prose(zh)), [], `${key}: ${zh}`);
    // English words in the English: the Chinese says them in Chinese.
    if (foreignWords(prose(label('en', key))).length > 0) {
      assert.match(prose(zh), HAN, `${key} is not in Chinese: ${zh}`);
    }
  }
});

test('counts: "1 card", "2 cards" in English, one form in Chinese', () => {
  assert.equal(countLabel('en', 'count.cards', 1), '1 card');
  assert.equal(countLabel('en', 'count.cards', 2), '2 cards');
  assert.equal(countLabel('en', 'count.cards', 0), '0 cards');
  assert.equal(countLabel('zh', 'count.cards', 1), '1 张');
  assert.equal(countLabel('zh', 'count.cards', 17), '17 张');
  assert.equal(countLabel('en', 'table.faceDownLine', 1, { name: 'ann' }), 'ann: 1 card face down');
  assert.throws(() => countLabel('en', 'no.such', 1), /no plural words/);
});

test('every error code the service, the library or the client can answer has its own words in both languages', () => {
  const codes = [...Object.keys(ERROR_STATUS), ...CLIENT_CODES];
  assert.ok(codes.length > 60, `${codes.length} codes`);
  for (const code of codes) {
    const e = new TableClientError(400, { success: false, error: 'The English sentence.', code });
    for (const language of ['en', 'zh'] as const) {
      const words = errorWords(
        CLIENT_CODES.includes(code as never) ? Object.assign(new Error('x'), { code }) : e,
        language,
      );
      assert.equal(words.code, code);
      assert.equal(words.detail, undefined, `${code} (${language}) has no words of its own`);
      assert.ok(!words.text.includes('English sentence'), code);
      assert.doesNotMatch(words.text, /\{\w+\}/, `${code}: a slot left unfilled`);
      if (language === 'zh') assert.match(words.text, HAN, `${code} in Chinese`);
    }
  }
});

/** The reasons docs/ERRORS.md lists for a code, and those the rules' source gives it. */
function reasons(code: 'ILLEGAL_PLAY' | 'BAD_BID'): { documented: string[]; thrown: string[] } {
  const doc = readFileSync(join(root, 'docs/ERRORS.md'), 'utf8');
  const row = doc.split('\n').find((l) => l.startsWith(`| \`${code}\` |`)) ?? '';
  const documented = [...row.matchAll(/`([a-z]+(?:-[a-z]+)*)`/g)].map((m) => m[1]!);
  const dir = join(root, 'src/rules/doudizhu');
  const source = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
  // The rules make each refusal with a helper: illegal('reason', …), badBid('reason', …).
  const helper = code === 'ILLEGAL_PLAY' ? 'illegal' : 'badBid';
  const thrown = [...source.matchAll(new RegExp(`\\b${helper}\\(\\s*'([a-z-]+)'`, 'g'))].map(
    (m) => m[1]!,
  );
  return { documented, thrown: [...new Set(thrown)] };
}

test('every reason the rules give ILLEGAL_PLAY and BAD_BID has its own words in both languages', () => {
  for (const code of ['ILLEGAL_PLAY', 'BAD_BID'] as const) {
    const { documented, thrown } = reasons(code);
    assert.ok(documented.length >= 4 && thrown.length >= 4, `${code}: ${documented} / ${thrown}`);
    for (const reason of new Set([...documented, ...thrown])) {
      const key = `error.${code}.${reason}`;
      assert.ok(isKey(key), `${key} has no words`);
      for (const language of ['en', 'zh'] as const) {
        const e = new TableClientError(422, { error: 'x', code, reason });
        const words = errorWords(e, language, {
          cards: ['BJ', '3H'],
          lead: { cards: ['4S'], type: 'single' },
          highest: 2,
        });
        assert.equal(
          words.text,
          errorWords(e, language, {
            cards: ['BJ', '3H'],
            lead: { cards: ['4S'], type: 'single' },
            highest: 2,
          }).text,
        );
        assert.notEqual(
          words.text,
          label(language, `error.${code}` as Key),
          `${key} (${language})`,
        );
        assert.equal(words.reason, reason);
      }
    }
  }
});

test('every problem code of the verifier has words in both languages', () => {
  for (const code of VERIFY_PROBLEM_CODES) {
    assert.ok(isKey(`problem.${code}`), `problem.${code} has no words`);
  }
});

test('every shipped game has its name in both languages, and its seats are named in Chinese', () => {
  for (const name of PRESET_NAMES) {
    assert.ok(isKey(`preset.${name}`), `preset.${name} has no words`);
    assert.equal(presetTitle(name, 'en'), PRESETS[name]!.title, `${name}: the library's English`);
    const zh = presetTitle(name, 'zh');
    assert.match(zh, HAN, name);
    assert.deepEqual(foreignWords(zh), [], `${name}: ${zh}`);
    const seats = PRESETS[name]!.seats;
    for (const n of new Set([seats.min, seats.max])) {
      for (const seat of deal(name, { seats: n }).seatNames) {
        const said = dealSeatName(seat, 'zh');
        assert.match(said, HAN, `${name}: ${seat}`);
        assert.deepEqual(foreignWords(said), [], `${name}: ${seat} is ${said}`);
      }
    }
  }
  assert.equal(dealSeatName('Seat 3', 'en'), 'Seat 3');
  assert.equal(dealSeatName('Player 1', 'zh'), '玩家 1');
});

test('a player is named by their name, or by their seat when the service named them (never "seat-0 (Seat 1)")', () => {
  assert.equal(seatName('seat-0', 0, 'en'), 'Seat 1');
  assert.equal(seatName('seat-0', 0, 'zh'), '座位 1');
  assert.equal(seatName(undefined, 2, 'zh'), '座位 3');
  assert.equal(seatName('ann', 0, 'zh'), 'ann');
  // Someone who chose "seat-1" at seat 0 is named as they chose.
  assert.equal(seatName('seat-1', 0, 'en'), 'seat-1');
  assert.ok(isDefaultName('seat-4', 4) && !isDefaultName('seat-4', 3));
});
