import { badCard, checkToken } from './bad-card.ts';
import type { Card } from './card.ts';
import { jokerCard, suitedCard } from './card.ts';
import type { Rank } from './rank.ts';
import { rankLabel } from './rank.ts';
import type { Suit } from './suit.ts';

// The names the founding documents use (黑桃 红桃 梅花 方块, 大王 小王); 红心 is the other common
// name for hearts (also in the founding documents), and the traditional forms 紅桃 紅心 方塊 are
// read too. Output is always the simplified form.
const SUIT_NAMES: Record<Suit, string> = { S: '黑桃', H: '红桃', C: '梅花', D: '方块' };
const READ_SUITS: Record<string, Suit> = {
  黑桃: 'S',
  红桃: 'H',
  红心: 'H',
  紅桃: 'H',
  紅心: 'H',
  梅花: 'C',
  方块: 'D',
  方塊: 'D',
};
const SUITED = /^(黑桃|红桃|红心|紅桃|紅心|梅花|方块|方塊)(10|[2-9AJQK])$/;

/** Parses a Chinese card name (`黑桃A`, `红桃10`, `大王`, `小王`). */
export function parseChineseNotation(token: string): Card {
  checkToken(token);
  if (token === '大王') return jokerCard('big');
  if (token === '小王') return jokerCard('small');
  const m = SUITED.exec(token);
  if (m !== null) {
    const r = m[2]!;
    return suitedCard((r === '10' ? 'T' : r) as Rank, READ_SUITS[m[1]!]!);
  }
  throw badCard(token, 'chinese', /[黑桃红心紅梅花方块塊大小王0-9AJQK]/);
}

/** `黑桃A`, `红桃10`, `大王` (big joker), `小王` (small joker). */
export function formatChineseNotation(card: Card): string {
  if (card.joker !== null) return card.joker === 'big' ? '大王' : '小王';
  return SUIT_NAMES[card.suit] + rankLabel(card.rank);
}
