import { CODINGS, type Coding, type Precompressed } from './precompressed.ts';

// Accept-Encoding (RFC 9110 §12.5.3): codings with optional weights; `*` stands for any coding not
// named; q=0 means "not acceptable".
function weights(accept: string): Map<string, number> {
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name === undefined || name === '') continue;
    let weight = 1;
    for (const p of params) {
      const m = /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(p);
      if (m !== null) weight = Number(m[1]);
    }
    q.set(name, weight);
  }
  return q;
}

function choose(file: Precompressed, accept: string): Coding | undefined {
  const q = weights(accept);
  let best: Coding | undefined;
  let bestWeight = 0;
  for (const { coding } of CODINGS) {
    if (file.encoded[coding] === undefined) continue;
    const weight = q.get(coding) ?? q.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

// If-None-Match (RFC 9110 §13.1.2) compares weakly: `W/"x"` matches `"x"`; `*` matches any.
function notModified(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}

/**
 * The answer for a built file: its compressed form the client accepts best (brotli before gzip on
 * equal weights; the plain bytes when it accepts neither), with `Content-Encoding`,
 * `Content-Length`, `Vary: Accept-Encoding` and an ETag per form (`"hash"`, `"hash.br"`,
 * `"hash.gz"`: RFC 9110 §8.8.3, each coding is a representation of its own); 304 when the
 * client's copy of that form is current. Nothing is compressed here.
 *
 * @example
 * ```ts
 * precompressedResponse(file, request.headers, { 'Content-Type': 'text/css' });
 * ```
 * @throws never.
 */
export function precompressedResponse(
  file: Precompressed,
  request: Headers,
  headers: Readonly<Record<string, string>>,
): Response {
  const coding = choose(file, request.get('accept-encoding') ?? '');
  const suffix = CODINGS.find((c) => c.coding === coding)?.suffix ?? '';
  const common: Record<string, string> = { ...headers, ETag: `"${file.hash}${suffix}"` };
  if (Object.keys(file.encoded).length > 0) common.Vary = 'Accept-Encoding';
  if (notModified(request.get('if-none-match'), common.ETag!)) {
    return new Response(null, { status: 304, headers: common });
  }
  const body = coding === undefined ? file.body : file.encoded[coding]!;
  return new Response(body, {
    headers: {
      ...common,
      ...(coding === undefined ? {} : { 'Content-Encoding': coding }),
      'Content-Length': String(body.byteLength),
    },
  });
}
