import type { RandomSource } from '../../index.ts';
import type { CardBody } from '../http/card-view.ts';
import type { ParamName, RawParams } from '../http/params.ts';
import type { Store } from '../store/store.ts';

/** What a route handler gets: raw parameters, path segments and the app's services. */
export interface RouteContext {
  readonly raw: RawParams;
  /** The `:deck_id` path segment (lower-cased), or '' on routes without one. */
  readonly deckId: string;
  /** The `:pile` path segment, or '' on routes without one. */
  readonly pile: string;
  readonly store: Store;
  readonly source: RandomSource;
  readonly card: (cardId: string) => CardBody;
}

/** A JSON answer. */
export interface JsonAnswer {
  readonly status: 200 | 201;
  readonly body: Record<string, unknown>;
}

/**
 * One route of the Deck of Cards API surface: the single definition the router, the parameter
 * validation, the OpenAPI document and the /docs page are all made from.
 */
export interface ApiRoute {
  /** OpenAPI operationId. */
  readonly id: string;
  /** Path patterns, first the documented one; each answers with and without a trailing slash. */
  readonly paths: readonly string[];
  readonly summary: string;
  readonly description: string;
  /** The parameters read (GET: the query string; POST: a form or JSON body, never the query). */
  readonly params: readonly ParamName[];
  /**
   * An example the docs show and a test replays: `{deck_id}` is a shuffled deck of the test with
   * 5 cards drawn, and `{pile}` its pile `p1`, which holds 2 of them.
   */
  readonly example: {
    readonly path: string;
    readonly query: string;
    readonly status: number;
    readonly body: Record<string, unknown>;
  };
  readonly handle: (ctx: RouteContext) => Promise<JsonAnswer>;
}
