/**
 * The fields of a document that few changes rewrite, by name: each is a top-level field, or a
 * field of one object-valued top-level field (`hand.round`). A store given parts keeps them as a
 * *base* apart from the rest (schema/migration-9-table-bases.ts) and writes the base only when a
 * change replaced one of them — the way decks keep a base and a count (migration 8). For a table
 * of Dou Dizhu that is the history, the seats' keys and tokens and the hand's fair-protocol record:
 * written by the dozen commits, reveals and hand ends of a hand, not by its forty plays.
 */
export interface DocParts {
  /** Top-level fields kept in the base. */
  readonly top: readonly string[];
  /** For an object-valued top-level field, its own fields kept in the base (`hand` → round …). */
  readonly nested: Readonly<Record<string, readonly string[]>>;
}

/** The base's fields by path (`history`, `hand.round`), as stored (JSON) and as read. */
export type ColdPart = Readonly<Record<string, unknown>>;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Splits a document into what every change writes (`hot`) and its base fields (`cold`). A field
 * the document does not have is in neither.
 *
 * @example
 * ```ts
 * splitDoc({ top: ['history'], nested: { hand: ['round'] } }, doc);
 * // { hot: { …doc without history, hand without round }, cold: { history, 'hand.round': … } }
 * ```
 * @throws never.
 */
export function splitDoc(parts: DocParts, doc: unknown): { hot: unknown; cold: ColdPart } {
  if (!isObject(doc)) return { hot: doc, cold: {} };
  const cold: Obj = {};
  const hot: Obj = {};
  for (const key in doc) {
    const value = doc[key];
    if (parts.top.includes(key)) cold[key] = value;
    else {
      const inner = parts.nested[key];
      if (inner !== undefined && isObject(value)) {
        const h: Obj = {};
        for (const k in value) {
          if (inner.includes(k)) cold[`${key}.${k}`] = value[k];
          else h[k] = value[k];
        }
        hot[key] = h;
      } else hot[key] = value;
    }
  }
  return { hot, cold };
}

/**
 * The document again: `hot` with the base's fields put back — only where `hot` lacks them, so a
 * document stored whole (before the base, or by a writer without parts) reads as it is.
 *
 * @example
 * ```ts
 * joinDoc(hot, cold); // deep-equal to the document splitDoc was given
 * ```
 * @throws never.
 */
export function joinDoc(hot: unknown, cold: ColdPart): unknown {
  if (!isObject(hot)) return hot;
  let doc: Obj | undefined;
  for (const path in cold) {
    const dot = path.indexOf('.');
    doc ??= { ...hot };
    if (dot < 0) {
      if (!(path in hot)) doc[path] = cold[path];
      continue;
    }
    const top = path.slice(0, dot);
    const inner = doc[top];
    // A base field of a nested object that is gone (the hand is null now) is not put back.
    if (!isObject(inner)) continue;
    const field = path.slice(dot + 1);
    if (field in inner) continue;
    // Copied once per nested object: `hot`'s own object stays as it was parsed.
    const own = inner === hot[top] ? { ...inner } : inner;
    own[field] = cold[path];
    doc[top] = own;
  }
  return doc ?? hot;
}

/**
 * Whether `next`'s base is the one read (`read`): the same fields holding the very same values.
 * Identity, not equality: changes copy a document with its unchanged fields as they were (the
 * tables' changes are pure), so a play keeps the hand's record objects and this costs a few
 * comparisons; a field rebuilt with equal content only writes the base once more.
 *
 * @example
 * ```ts
 * sameBase(splitDoc(parts, row.doc).cold, splitDoc(parts, next).cold); // true for a play
 * ```
 * @throws never.
 */
export function sameBase(read: ColdPart | undefined, next: ColdPart): boolean {
  if (read === undefined) return false;
  let n = 0;
  for (const key in next) {
    if (!(key in read) || read[key] !== next[key]) return false;
    n++;
  }
  return n === Object.keys(read).length;
}
