// Card faces drawn from scratch: suits as paths (no font needed for them), ranks as text.
// 240 × 336 is the poker-card ratio 2.5 : 3.5.
const W = 240;
const H = 336;
const RED = '#c8102e';
const BLACK = '#1a1a1a';

// Each suit in a 100 × 100 box.
const SUIT_PATHS: Record<string, string> = {
  H: '<path d="M50 92C20 66 0 47 0 28 0 12 12 0 27 0c11 0 19 7 23 16C54 7 62 0 73 0c15 0 27 12 27 28 0 19-20 38-50 64z"/>',
  D: '<path d="M50 0 88 50 50 100 12 50z"/>',
  S: '<path d="M50 0C35 25 0 42 0 65c0 15 12 25 26 25 10 0 17-5 21-12-1 10-5 17-13 22h32c-8-5-12-12-13-22 4 7 11 12 21 12 14 0 26-10 26-25C100 42 65 25 50 0z"/>',
  C: '<circle cx="50" cy="26" r="23"/><circle cx="24" cy="60" r="23"/><circle cx="76" cy="60" r="23"/><path d="M45 55c0 22-5 35-14 45h38c-9-10-14-23-14-45z"/>',
};

const LABEL: Record<string, string> = { '0': '10', A: 'A', J: 'J', Q: 'Q', K: 'K' };
const SUIT_NAME: Record<string, string> = { S: 'spades', D: 'diamonds', C: 'clubs', H: 'hearts' };
const FACE_NAME: Record<string, string> = { J: 'JACK', Q: 'QUEEN', K: 'KING' };

// Pip positions as (column, row) fractions of the card, for A … 10 (the usual layouts).
const L = 0.3;
const M = 0.5;
const R = 0.7;
const PIPS: Record<string, readonly (readonly [number, number])[]> = {
  '2': [
    [M, 0.2],
    [M, 0.8],
  ],
  '3': [
    [M, 0.2],
    [M, 0.5],
    [M, 0.8],
  ],
  '4': [
    [L, 0.2],
    [R, 0.2],
    [L, 0.8],
    [R, 0.8],
  ],
  '5': [
    [L, 0.2],
    [R, 0.2],
    [M, 0.5],
    [L, 0.8],
    [R, 0.8],
  ],
  '6': [
    [L, 0.2],
    [R, 0.2],
    [L, 0.5],
    [R, 0.5],
    [L, 0.8],
    [R, 0.8],
  ],
  '7': [
    [L, 0.2],
    [R, 0.2],
    [M, 0.35],
    [L, 0.5],
    [R, 0.5],
    [L, 0.8],
    [R, 0.8],
  ],
  '8': [
    [L, 0.2],
    [R, 0.2],
    [M, 0.35],
    [L, 0.5],
    [R, 0.5],
    [M, 0.65],
    [L, 0.8],
    [R, 0.8],
  ],
  '9': [
    [L, 0.2],
    [R, 0.2],
    [L, 0.4],
    [R, 0.4],
    [M, 0.5],
    [L, 0.6],
    [R, 0.6],
    [L, 0.8],
    [R, 0.8],
  ],
  '0': [
    [L, 0.2],
    [R, 0.2],
    [M, 0.3],
    [L, 0.4],
    [R, 0.4],
    [L, 0.6],
    [R, 0.6],
    [M, 0.7],
    [L, 0.8],
    [R, 0.8],
  ],
};

function pip(suit: string, cx: number, cy: number, size: number, flip: boolean): string {
  const s = size / 100;
  const rotate = flip ? ` rotate(180 50 50)` : '';
  return `<g transform="translate(${cx - size / 2} ${cy - size / 2}) scale(${s})${rotate}">${SUIT_PATHS[suit]}</g>`;
}

function frame(inner: string, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}"><rect x="2" y="2" width="${W - 4}" height="${H - 4}" rx="16" fill="#fff" stroke="#888" stroke-width="3"/>${inner}</svg>`;
}

function corners(text: string, color: string, suit: string | null, fontSize = 36): string {
  const one = `<text x="24" y="48" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="bold" font-size="${fontSize}" text-anchor="middle" fill="${color}">${text}</text>${suit === null ? '' : pip(suit, 24, 70, 24, false)}`;
  return `<g fill="${color}">${one}<g transform="rotate(180 ${W / 2} ${H / 2})">${one}</g></g>`;
}

/**
 * The SVG face of a Deck of Cards card code (`AS`, `0H`, `KD`, `X1`, `X2`): corner indices, the
 * usual pip layout for A–10, a framed letter for J/Q/K, a distinct black and red joker.
 *
 * @example
 * ```ts
 * cardSvg('AS').startsWith('<svg'); // true
 * ```
 * @throws {RangeError} for a code that is not one of the 54.
 */
export function cardSvg(code: string): string {
  if (code === 'X1' || code === 'X2') {
    const color = code === 'X1' ? BLACK : RED;
    const label = code === 'X1' ? 'black joker' : 'red joker';
    const star =
      '<path d="M120 96l22 46 50 6-37 35 10 50-45-25-45 25 10-50-37-35 50-6z" stroke-width="6" stroke-linejoin="round"/>';
    const body = `<g fill="${code === 'X1' ? '#fff' : RED}" stroke="${color}">${star}</g><text x="120" y="286" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="bold" font-size="34" text-anchor="middle" fill="${color}">JOKER</text>`;
    return frame(corners('★', color, null, 34) + body, label);
  }
  const value = code[0] ?? '';
  const suit = code[1] ?? '';
  const label = LABEL[value] ?? value;
  if (SUIT_PATHS[suit] === undefined || !/^[2-9A0JQK]$/.test(value) || code.length !== 2) {
    throw new RangeError(`not a card code: ${code}`);
  }
  const color = suit === 'H' || suit === 'D' ? RED : BLACK;
  let middle: string;
  if (value === 'A') middle = pip(suit, W / 2, H / 2, 110, false);
  else if (FACE_NAME[value] !== undefined) {
    middle = `<rect x="50" y="62" width="140" height="212" rx="8" fill="none" stroke="${color}" stroke-width="3"/><text x="120" y="190" font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-size="96" text-anchor="middle" fill="${color}">${label}</text>${pip(suit, 120, 228, 44, false)}<text x="120" y="88" font-family="DejaVu Sans, Arial, sans-serif" font-size="16" text-anchor="middle" fill="${color}">${FACE_NAME[value]}</text>`;
  } else {
    middle = (PIPS[value] ?? []).map(([x, y]) => pip(suit, x * W, y * H, 44, y > 0.5)).join('');
  }
  return frame(
    `<g fill="${color}">${corners(label, color, suit, label === '10' ? 28 : 36)}${middle}</g>`,
    `${label} of ${SUIT_NAME[suit]}`,
  );
}

/**
 * The back of every card: a blue lattice.
 *
 * @example
 * ```ts
 * backSvg().includes('pattern'); // true
 * ```
 * @throws never.
 */
export function backSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="card back"><defs><pattern id="p" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="16" height="16" fill="#1d4e89"/><rect width="8" height="8" fill="#2f6db5"/></pattern></defs><rect x="2" y="2" width="${W - 4}" height="${H - 4}" rx="16" fill="#fff" stroke="#888" stroke-width="3"/><rect x="14" y="14" width="${W - 28}" height="${H - 28}" rx="10" fill="url(#p)"/><text x="120" y="178" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="26" text-anchor="middle" fill="#fff">fairdeal</text></svg>`;
}
