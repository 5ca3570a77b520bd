// A refusal in the page's own words (docs/WEB.md, "Languages"): the service's and the library's
// errors carry a stable code (and the rules a `reason`); the page shows its words for the code,
// or for the code and reason, in its language — never the service's English sentence — and
// names the cards of a refused play as it labels them. Only an error without a known code (a bug)
// shows its own message, as a technical detail.
import type { ClientErrorCode, ErrorCode } from '../client/index.ts';
import { cardNames } from './card-names.ts';
import { fill, isKey, type Key, type Lang, label } from './i18n.ts';
import { playTypeName } from './play-words.ts';

// The compiler refuses a code of the service, the library or the client without its words:
// `Missing` names the key to add to words-en.ts (and words-zh.ts).
type Missing = Exclude<`error.${ErrorCode | ClientErrorCode}`, Key>;
const everyCodeWorded: [Missing] extends [never] ? true : Missing = true;
void everyCodeWorded;

/** What the page knows about the move that was refused, to say it in words. */
export interface RefusalContext {
  /** The cards the seat tried to play (ids: `3H`, `BJ`). */
  readonly cards?: readonly string[];
  /** The play on the table it had to beat. */
  readonly lead?: { readonly cards: readonly string[]; readonly type: string };
  /** The highest bid so far. */
  readonly highest?: number;
}

/** An error as the page says it. */
export interface ErrorWords {
  /** The page's words. */
  readonly text: string;
  /** The error's code, when it has one (kept on the element as `data-code`). */
  readonly code?: string;
  /** The rules' reason, when there is one (`data-reason`). */
  readonly reason?: string;
  /** A technical detail shown as code: only for an error the page has no words for. */
  readonly detail?: string;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function reasonOf(error: unknown): string | undefined {
  const e = error as { reason?: unknown; detail?: { reason?: unknown } } | null;
  const reason = e?.reason ?? e?.detail?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** The words of `key` with its slots filled from the context, or undefined if one cannot be. */
function filled(key: Key, language: Lang, ctx: RefusalContext): string | undefined {
  const vars: Record<string, string | number> = {};
  if (ctx.cards !== undefined && ctx.cards.length > 0) vars.cards = cardNames(ctx.cards, language);
  if (ctx.lead !== undefined) {
    vars.lead = cardNames(ctx.lead.cards, language);
    vars.type = playTypeName(ctx.lead.type, language);
  }
  if (ctx.highest !== undefined) vars.highest = ctx.highest;
  const text = fill(label(language, key), vars);
  return /\{\w+\}/.test(text) ? undefined : text;
}

/**
 * The words for `error` in `language`: the code and reason's own (`error.ILLEGAL_PLAY.not-a-combination`),
 * else the code's (`error.ILLEGAL_PLAY`), else "something unexpected" with the error's message as
 * a detail.
 *
 * @example
 * ```ts
 * errorWords(e, 'zh', { cards: ['BJ', '3H'] }).text; // '小王、红桃3：不是斗地主的牌型。'
 * ```
 */
export function errorWords(error: unknown, language: Lang, ctx: RefusalContext = {}): ErrorWords {
  const code = codeOf(error);
  const reason = reasonOf(error);
  const found = {
    ...(code === undefined ? {} : { code }),
    ...(reason === undefined ? {} : { reason }),
  };
  if (code !== undefined && reason !== undefined) {
    const key = `error.${code}.${reason}`;
    const text = isKey(key) ? filled(key, language, ctx) : undefined;
    if (text !== undefined) return { text, ...found };
  }
  if (code !== undefined) {
    const key = `error.${code}`;
    const text = isKey(key) ? filled(key, language, ctx) : undefined;
    if (text !== undefined) return { text, ...found };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { text: label(language, 'error.unexpected'), ...found, detail };
}
