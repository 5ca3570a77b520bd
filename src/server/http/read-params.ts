import { ApiError } from '../deck/api-error.ts';
import { LIMITS } from './params.ts';
import { readBodyBytes } from './read-body.ts';

function badBody(why: string): ApiError {
  return new ApiError(400, 'BAD_BODY', why);
}

function jsonValue(key: string, v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join(',');
  throw badBody(`${key} must be a string, number, boolean or list of strings.`);
}

/**
 * The parameters of a request: for GET the query string; for POST only the body — a form
 * (urlencoded or multipart) or a JSON object — and never the query string, as the reference
 * reads `request.POST` alone for a POST (a client that sends `?count=5` with a POST gets the
 * default there, so it must here too). A repeated parameter keeps its last value, as Django's
 * `QueryDict.get` does.
 *
 * @example
 * ```ts
 * (await readParams(new Request('http://x/?count=2'))).get('count'); // '2'
 * ```
 * @throws {ApiError} 413 `BODY_TOO_LARGE` above 16 KiB; 400 `BAD_BODY` for a body that does not
 *   parse or a JSON body that is not an object of simple values.
 */
export async function readParams(request: Request): Promise<Map<string, string>> {
  if (request.method === 'POST') return bodyParams(request);
  const url = request.url;
  const q = url.indexOf('?');
  return new Map<string, string>(q === -1 ? [] : new URLSearchParams(url.slice(q + 1)).entries());
}

async function bodyParams(request: Request): Promise<Map<string, string>> {
  const params = new Map<string, string>();
  const rawType = request.headers.get('content-type') ?? '';
  const type = rawType.toLowerCase();
  const bytes = await readBodyBytes(request, LIMITS.maxBodyBytes);
  if (bytes.byteLength === 0) return params;
  if (type.startsWith('application/json') || type.endsWith('+json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      throw badBody('The body is not valid JSON.');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw badBody('A JSON body must be an object of parameters.');
    }
    for (const [k, v] of Object.entries(parsed)) {
      const s = jsonValue(k, v);
      if (s !== undefined) params.set(k, s);
    }
  } else if (type.startsWith('application/x-www-form-urlencoded') || type === '') {
    for (const [k, v] of new URLSearchParams(new TextDecoder().decode(bytes))) params.set(k, v);
  } else if (type.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { 'content-type': rawType } }).formData();
    } catch {
      throw badBody('The multipart body does not parse.');
    }
    form.forEach((v, k) => {
      if (typeof v === 'string') params.set(k, v);
    });
  }
  return params;
}
