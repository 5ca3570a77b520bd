import type { HandDocument, TableDocument } from './table-doc.ts';

declare const sealedValue: unique symbol;

/**
 * A value sealed by the secret box (secret-box.ts): the text `v2.<key id>.<base64url>` of the
 * JSON of a `T`, opened only with the key and at the place it was sealed for. The type remembers
 * what it holds; only the codec (sealed-table-store.ts) makes or opens one.
 */
export type Sealed<T> = string & { readonly [sealedValue]: T };

/**
 * `T` as stored, its fields `K` sealed: each is a {@link Sealed} value, or — in rows written
 * before sealing — the clear value, which the next change seals.
 */
export type SealedFields<T, K extends keyof T> = Omit<T, K> & {
  readonly [P in K]: Sealed<NonNullable<T[P]>> | T[P];
};

/** The secret parts of a hand, sealed whole: the cards by pile, and the Dou Dizhu state. */
export type SecretHandField = 'piles' | 'game';

/** A hand as stored (docs/TABLES.md, "Keys"): every card it holds is in `piles` or `game`. */
export type SealedHandDocument = SealedFields<HandDocument, SecretHandField>;

/**
 * A table's document as the store keeps it: {@link TableDocument} with its hand's secret parts
 * sealed, and answers kept in documents of an earlier release (`idempotency`) sealed too. Its
 * other secrets are sealed or hashed already in the document itself (the fair round, tokens).
 */
export type SealedTableDocument = Omit<SealedFields<TableDocument, 'idempotency'>, 'hand'> & {
  readonly hand: SealedHandDocument | null;
};
