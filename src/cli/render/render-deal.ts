import type { Deal } from '../../index.ts';
import { bold } from './color.ts';
import type { CardStyle } from './render-card.ts';
import { renderCard, renderCards } from './render-card.ts';

/**
 * A dealt round as a player would like to see it: title, each seat's sorted hand, kitty, board,
 * burns, stock size and the preset's facts (bridge board, up-card, cut card).
 *
 * @example
 * ```ts
 * renderDeal(deal('doudizhu', { seed: 's' }), { color: false, style: 'symbol' });
 * ```
 * @throws never for a deal made by fairdeal.
 */
export function renderDeal(deal: Deal, options: { color: boolean; style: CardStyle }): string {
  const { title } = deal;
  const rows: [string, string][] = deal.hands.map((hand, seat) => [
    `${deal.seatNames[seat] ?? `Seat ${seat + 1}`}${seat === deal.dealer ? ' (dealer)' : ''}`,
    `${renderCards(hand, options)}  (${hand.length})`,
  ]);
  if (deal.kitty.length > 0) rows.push(['Kitty', renderCards(deal.kitty, options)]);
  if (deal.board.length > 0) rows.push(['Board', renderCards(deal.board, options)]);
  if (deal.burns.length > 0) rows.push(['Burns', renderCards(deal.burns, options)]);
  if (deal.stock.length > 0) rows.push(['Stock', `${deal.stock.length} cards`]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = [bold(title, options.color)];
  for (const [label, text] of rows) lines.push(`  ${label.padEnd(width)}  ${text}`);
  const { info } = deal;
  if (info.bridge !== undefined) {
    const b = info.bridge;
    lines.push(`  Board ${b.board}: dealer ${b.dealer}, vulnerable ${b.vulnerable}`);
  }
  if (info.upCard !== undefined) lines.push(`  Up-card: ${renderCard(info.upCard, options)}`);
  if (info.cutCard !== undefined) lines.push(`  Cut card after ${info.cutCard} more stock cards`);
  if (info.level !== undefined || info.trump !== undefined) {
    const parts = [];
    if (info.level !== undefined) parts.push(`level ${info.level === 'T' ? '10' : info.level}`);
    if (info.trump !== undefined) parts.push(`trump ${info.trump}`);
    lines.push(`  Sorted for ${parts.join(', ')}`);
  }
  if (deal.deck.some((c) => c.joker !== null) && options.style !== 'chinese') {
    lines.push('  (RJ = big/red joker, BJ = small/black joker)');
  }
  return `${lines.join('\n')}\n`;
}
