/** One dispatched Server-Sent Event. */
export interface SseMessage {
  /** `message` when the event named none. */
  readonly event: string;
  readonly data: string;
  /** The `id` field of this event, if it had one. */
  readonly id: string | undefined;
}

/**
 * An incremental parser of `text/event-stream` (WHATWG HTML, "Server-sent events", §9.2.6): feed
 * it text as it arrives, in chunks cut anywhere, and it hands back each event once its blank
 * line has arrived — an event cut off by a dropped connection is never dispatched. Lines end in
 * CRLF, LF or CR; a leading BOM is dropped; `:` lines are comments (heartbeats); `data` lines
 * join with `\n`; an `id` holding NUL is ignored; `retry` sets {@link SseParser.retry}. Node has
 * no EventSource, and EventSource cannot send an `Authorization` header: this reads a fetch body.
 *
 * @example
 * ```ts
 * const parser = new SseParser();
 * parser.push('id: 3\nevent: state\ndata: {"a":1}\n'); // [] (not finished)
 * parser.push('\n'); // [{ event: 'state', data: '{"a":1}', id: '3' }]
 * ```
 */
export class SseParser {
  #buffer = '';
  #started = false;
  #afterCr = false;
  #data: string[] = [];
  #event = '';
  #id: string | undefined;
  /** The reconnection time the stream asked for (`retry:`, ms), if any. */
  retry: number | undefined;

  /** Feeds decoded text; returns the events it completed, in order. */
  push(chunk: string): SseMessage[] {
    let text = chunk;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    // A CR ended the last chunk: an LF starting this one is the second half of that CRLF.
    if (this.#afterCr && text.charCodeAt(0) === 10) text = text.slice(1);
    if (text.length > 0) this.#afterCr = false;
    text = this.#buffer + text;
    const out: SseMessage[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      const line = text.slice(start, i);
      if (c === 13) {
        if (i + 1 === text.length) this.#afterCr = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
      const message = this.#line(line);
      if (message !== undefined) out.push(message);
    }
    this.#buffer = text.slice(start);
    return out;
  }

  #line(line: string): SseMessage | undefined {
    if (line === '') {
      const data = this.#data;
      const event = this.#event;
      const id = this.#id;
      this.#data = [];
      this.#event = '';
      this.#id = undefined;
      if (data.length === 0) return undefined;
      return { event: event === '' ? 'message' : event, data: data.join('\n'), id };
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.#data.push(value);
    else if (field === 'event') this.#event = value;
    else if (field === 'id' && !value.includes('\0')) this.#id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
    return undefined;
  }
}
