import { ApiError } from '../deck/api-error.ts';

/**
 * A request body's shape, declared once: `check` turns an unknown JSON value into a typed one
 * (or refuses it with 400 `BAD_REQUEST` naming the field), and `json` is the same shape as JSON
 * Schema for the OpenAPI document. Small on purpose: the handful of forms the `/v1` bodies use,
 * so that what is checked and what is documented cannot drift (docs/TABLES.md; README,
 * "Dependencies", says why this is not a library).
 */
export interface Schema<T> {
  readonly json: Readonly<Record<string, unknown>>;
  /** `at` names the value in messages (`options`, `players[2]`). */
  check(value: unknown, at: string): T;
}

/** The type a schema checks to. */
export type Infer<S> = S extends Schema<infer T> ? T : never;

/** What every schema may carry: its description, and a message that replaces the generated one. */
interface Common {
  readonly description?: string;
  /** The whole message when the value is refused (keeps a field's well-known wording). */
  readonly message?: string;
}

const refuse = (message: string): ApiError => new ApiError(400, 'BAD_REQUEST', message);

function doc(c: Common, json: Record<string, unknown>): Record<string, unknown> {
  return c.description === undefined ? json : { ...json, description: c.description };
}

/**
 * A string, optionally with a pattern and a length.
 *
 * @example
 * ```ts
 * string({ pattern: /^[0-9a-f]{64}$/ }).check('ab', 'salt'); // throws 400 BAD_REQUEST
 * ```
 */
export function string(
  c: Common & {
    readonly pattern?: RegExp;
    readonly minLength?: number;
    readonly maxLength?: number;
  } = {},
): Schema<string> {
  const min = c.minLength ?? 0;
  const max = c.maxLength;
  return {
    json: doc(c, {
      type: 'string',
      ...(c.pattern === undefined ? {} : { pattern: c.pattern.source }),
      ...(min > 0 ? { minLength: min } : {}),
      ...(max === undefined ? {} : { maxLength: max }),
    }),
    check(value, at) {
      const ok =
        typeof value === 'string' &&
        value.length >= min &&
        (max === undefined || value.length <= max) &&
        (c.pattern === undefined || c.pattern.test(value));
      if (!ok) throw refuse(c.message ?? `${at} must be ${describeString(c, min, max)}.`);
      return value;
    },
  };
}

function describeString(c: { readonly pattern?: RegExp }, min: number, max?: number): string {
  if (c.pattern !== undefined) return `a string matching ${c.pattern.source}`;
  if (max !== undefined) return `a string of ${min} to ${max} characters`;
  return min > 0 ? 'a non-empty string' : 'a string';
}

/**
 * A whole number from `minimum` to `maximum`.
 *
 * @example
 * ```ts
 * integer({ minimum: 0, maximum: 86400 }).check(60, 'revealTimeoutSeconds'); // 60
 * ```
 */
export function integer(
  c: Common & {
    readonly minimum?: number;
    readonly maximum?: number;
    readonly default?: number;
  } = {},
): Schema<number> {
  const min = c.minimum ?? Number.MIN_SAFE_INTEGER;
  const max = c.maximum ?? Number.MAX_SAFE_INTEGER;
  return {
    json: doc(c, {
      type: 'integer',
      ...(c.minimum === undefined ? {} : { minimum: c.minimum }),
      ...(c.maximum === undefined ? {} : { maximum: c.maximum }),
      ...(c.default === undefined ? {} : { default: c.default }),
    }),
    check(value, at) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        throw refuse(c.message ?? `${at} must be an integer from ${min} to ${max}.`);
      }
      return value;
    },
  };
}

/**
 * true or false.
 *
 * @example
 * ```ts
 * boolean().check(true, 'fair'); // true
 * ```
 */
export function boolean(c: Common & { readonly default?: boolean } = {}): Schema<boolean> {
  return {
    json: doc(c, { type: 'boolean', ...(c.default === undefined ? {} : { default: c.default }) }),
    check(value, at) {
      if (typeof value !== 'boolean') throw refuse(c.message ?? `${at} must be true or false.`);
      return value;
    },
  };
}

/**
 * One of a few strings or numbers.
 *
 * @example
 * ```ts
 * oneOf(['flop', 'turn', 'river'] as const).check('turn', 'street'); // 'turn'
 * ```
 */
export function oneOf<const V extends string | number>(
  values: readonly V[],
  c: Common = {},
): Schema<V> {
  return {
    json: doc(c, { enum: [...values] }),
    check(value, at) {
      if (!values.includes(value as V)) {
        throw refuse(c.message ?? `${at} must be one of ${values.join(', ')}.`);
      }
      return value as V;
    },
  };
}

/**
 * A list of items, `minItems` to `maxItems` long.
 *
 * @example
 * ```ts
 * array(string(), { minItems: 1, maxItems: 108 }).check(['3S'], 'cards'); // ['3S']
 * ```
 */
export function array<T>(
  item: Schema<T>,
  c: Common & { readonly minItems?: number; readonly maxItems?: number } = {},
): Schema<T[]> {
  const min = c.minItems ?? 0;
  const max = c.maxItems ?? 10_000;
  return {
    json: doc(c, {
      type: 'array',
      items: item.json,
      ...(min > 0 ? { minItems: min } : {}),
      maxItems: max,
    }),
    check(value, at) {
      if (!Array.isArray(value) || value.length < min || value.length > max) {
        throw refuse(c.message ?? `${at} must be a list of ${min} to ${max} items.`);
      }
      try {
        return value.map((v, i) => item.check(v, `${at}[${i}]`));
      } catch (error) {
        if (c.message !== undefined && error instanceof ApiError) throw refuse(c.message);
        throw error;
      }
    },
  };
}

/**
 * An object whose values are all checked by one schema (house-rule flags, preset options).
 *
 * @example
 * ```ts
 * record(boolean()).check({ robLandlord: true }, 'rules');
 * ```
 */
export function record<T>(
  value: Schema<T>,
  c: Common & { readonly maxKeys?: number } = {},
): Schema<Record<string, T>> {
  const max = c.maxKeys ?? 64;
  return {
    json: doc(c, { type: 'object', additionalProperties: value.json, maxProperties: max }),
    check(input, at) {
      if (!isObject(input) || Object.keys(input).length > max) {
        throw refuse(c.message ?? `${at} must be an object.`);
      }
      const out: Record<string, T> = {};
      try {
        for (const [k, v] of Object.entries(input)) out[k] = value.check(v, `${at}.${k}`);
      } catch (error) {
        if (c.message !== undefined && error instanceof ApiError) throw refuse(c.message);
        throw error;
      }
      return out;
    },
  };
}

/**
 * Anything JSON (checked further by the step that reads it, e.g. a transcript by the verifier).
 *
 * @example
 * ```ts
 * anything({ description: 'a fairdeal record' }).check({}, 'transcript');
 * ```
 */
export function anything(c: Common & { readonly type?: string } = {}): Schema<unknown> {
  return {
    json: doc(c, c.type === undefined ? {} : { type: c.type }),
    check: (value) => value,
  };
}

type Fields = Readonly<Record<string, Schema<unknown>>>;
type Optional<F extends Fields, R extends keyof F> = Exclude<keyof F, R>;

/** An object with `required` fields and optional others: unknown fields are ignored. */
export type ObjectOf<F extends Fields, R extends keyof F> = {
  readonly [K in R]: Infer<F[K]>;
} & { readonly [K in Optional<F, R>]?: Infer<F[K]> };

/**
 * A JSON object: the fields named, `required` ones present; an optional field that is absent
 * stays absent. Fields not named are ignored (and never passed on).
 *
 * @example
 * ```ts
 * const claim = object({ invite: string(), player: string() }, ['invite']);
 * claim.check({ invite: 'fdt_invite_…' }, 'body'); // { invite: 'fdt_invite_…' }
 * ```
 */
export function object<F extends Fields, const R extends keyof F & string = never>(
  fields: F,
  required: readonly R[] = [],
  c: Common = {},
): Schema<ObjectOf<F, R>> {
  const properties: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(fields)) properties[k] = s.json;
  return {
    json: doc(c, {
      type: 'object',
      ...(required.length > 0 ? { required: [...required] } : {}),
      properties,
    }),
    check(value, at) {
      if (!isObject(value)) throw refuse(c.message ?? `${at} must be an object.`);
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(fields)) {
        const v = value[k];
        if (v === undefined) {
          if ((required as readonly string[]).includes(k)) {
            throw refuse(`${k} is required.`);
          }
          continue;
        }
        out[k] = s.check(v, k);
      }
      return out as ObjectOf<F, R>;
    },
  };
}

/**
 * One of several objects told apart by a string field (`type`): each variant's fields, plus the
 * common ones. An unknown tag is refused with `unknown` (its code and message).
 *
 * @example
 * ```ts
 * const action = tagged('type', { pass: object({}), play: object({ cards: array(string()) }, ['cards']) }, object({}));
 * action.check({ type: 'pass' }, 'body'); // { type: 'pass' }
 * ```
 */
export function tagged<
  const Tag extends string,
  V extends Readonly<Record<string, Schema<Readonly<Record<string, unknown>>>>>,
  C extends Readonly<Record<string, unknown>>,
>(
  tag: Tag,
  variants: V,
  common: Schema<C>,
  unknown: () => ApiError = () => new ApiError(400, 'UNKNOWN_ACTION', `Unknown ${tag}.`),
): Schema<
  { [K in keyof V & string]: { readonly [T in Tag]: K } & Infer<V[K]> & C }[keyof V & string]
> {
  const names = Object.keys(variants);
  return {
    json: {
      type: 'object',
      required: [tag],
      discriminator: { propertyName: tag },
      oneOf: names.map((name) => ({
        allOf: [
          { type: 'object', properties: { [tag]: { const: name } }, required: [tag] },
          variants[name]!.json,
          common.json,
        ],
      })),
    },
    check(value, at) {
      if (!isObject(value)) throw refuse(`${at} must be an object.`);
      const name = value[tag];
      if (typeof name !== 'string' || !Object.hasOwn(variants, name)) throw unknown();
      // The common fields are checked after the variant's: a bad card list is told before a
      // missing version, as the steps always did.
      const own = variants[name]!.check(value, at);
      // The variant its tag names: a pairing TypeScript cannot follow through the lookup.
      return { [tag]: name, ...own, ...common.check(value, at) } as never;
    },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
