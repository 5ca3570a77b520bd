/** PostgreSQL's type OID of `text` (pg_type.dat), the element type written in the header. */
const TEXT_OID = 25;

/**
 * A `text[]` parameter in PostgreSQL's binary format (`array_send` / `array_recv`: a header, then
 * each element as a 32-bit big-endian byte length, −1 for NULL, and its UTF-8 bytes). node-postgres
 * sends a Buffer parameter as binary, so the statement's `$n::text[]` reads the elements as they
 * are. Why not the arrays node-postgres writes itself: those are text literals (`{"…","…"}`) in
 * which every `"` and `\` of every element is escaped in JavaScript and parsed back by the
 * server's `array_in` — and a table change's parameters are JSON documents and events, several
 * KB of quotes each: `array_in` alone was 11 % of PostgreSQL's CPU under the Dou Dizhu table
 * bench (perf, docs/BENCHMARKS.md), the escaping a few % of the service's.
 *
 * @example
 * ```ts
 * await pool.query('SELECT unnest($1::text[]) AS x', [binaryTextArray(['{"a":1}', null])]);
 * // rows: [{ x: '{"a":1}' }, { x: null }]
 * ```
 * @throws never.
 */
export function binaryTextArray(values: readonly (string | null)[]): Buffer {
  const n = values.length;
  const lengths = new Int32Array(n);
  let size = n === 0 ? 12 : 20 + 4 * n;
  let nulls = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      lengths[i] = -1;
      nulls = 1;
    } else {
      lengths[i] = Buffer.byteLength(v, 'utf8');
      size += lengths[i]!;
    }
  }
  const out = Buffer.allocUnsafe(size);
  // An empty array has no dimensions (what array_send writes for '{}').
  out.writeInt32BE(n === 0 ? 0 : 1, 0);
  out.writeInt32BE(nulls, 4);
  out.writeUInt32BE(TEXT_OID, 8);
  let at = 12;
  if (n > 0) {
    out.writeInt32BE(n, 12); // the dimension's length
    out.writeInt32BE(1, 16); // its lower bound
    at = 20;
  }
  for (let i = 0; i < n; i++) {
    const length = lengths[i]!;
    out.writeInt32BE(length, at);
    at += 4;
    if (length > 0) at += out.write(values[i]!, at, length, 'utf8');
  }
  return out;
}
