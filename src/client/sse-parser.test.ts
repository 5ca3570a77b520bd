import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type SseMessage, SseParser } from './sse-parser.ts';

const parseAll = (chunks: readonly string[]): { messages: SseMessage[]; retry?: number } => {
  const p = new SseParser();
  const messages = chunks.flatMap((c) => p.push(c));
  return { messages, ...(p.retry === undefined ? {} : { retry: p.retry }) };
};

test('SSE: fields, comments, multi-line data, retry, an event without data, a BOM', () => {
  const text =
    '\uFEFFretry: 2000\n\n: heartbeat\n\nid: 1\nevent: state\ndata: {"a":\ndata: 1}\n\n' +
    'event: nothing\n\nid: 2\ndata:x\n\nevent: revoked\ndata: {"code":"UNAUTHORIZED"}\n\n';
  const r = parseAll([text]);
  assert.equal(r.retry, 2000);
  assert.deepEqual(r.messages, [
    { event: 'state', data: '{"a":\n1}', id: '1' },
    { event: 'message', data: 'x', id: '2' },
    { event: 'revoked', data: '{"code":"UNAUTHORIZED"}', id: undefined },
  ]);
});

test('SSE: CRLF, CR and LF line ends, a CR at the end of a chunk, an id with NUL ignored', () => {
  const r = parseAll(['id: 7\r', '\nevent: a\rdata: 1\r\n\r', '\nid: 8\0\ndata: 2\n', '\n']);
  assert.deepEqual(r.messages, [
    { event: 'a', data: '1', id: '7' },
    { event: 'message', data: '2', id: undefined },
  ]);
});

test('SSE: an event cut off before its blank line is never dispatched', () => {
  const p = new SseParser();
  assert.deepEqual(
    p.push('id: 1\nevent: state\ndata: {"whole":true}\n\nid: 2\nevent: state\ndata: {"ha'),
    [{ event: 'state', data: '{"whole":true}', id: '1' }],
  );
  // The connection drops here: a new connection has a new parser; the half event is gone.
});

test('SSE: the same events however the text is cut into chunks (property)', () => {
  const event = fc.record({
    id: fc.integer({ min: 1, max: 1e6 }),
    type: fc.constantFrom('state', 'reset', 'revoked'),
    lines: fc.array(
      fc.string({ unit: 'grapheme' }).map((s) => s.replace(/[\r\n]/g, '')),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
  });
  fc.assert(
    fc.property(
      fc.array(event, { maxLength: 6 }),
      fc.constantFrom('\n', '\r\n', '\r'),
      fc.array(fc.nat(), { maxLength: 10 }),
      (events, eol, cuts) => {
        const text = events
          .map(
            (e) =>
              `: hb${eol}id: ${e.id}${eol}event: ${e.type}${eol}${e.lines.map((l) => `data: ${l}`).join(eol)}${eol}${eol}`,
          )
          .join('');
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const chunks: string[] = [];
        let at = 0;
        for (const p of points) {
          chunks.push(text.slice(at, p));
          at = p;
        }
        chunks.push(text.slice(at));
        assert.deepEqual(
          parseAll(chunks).messages,
          events.map((e) => ({ event: e.type, data: e.lines.join('\n'), id: String(e.id) })),
        );
      },
    ),
  );
});
