import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../../client/index.ts';
import { ERROR_STATUS } from '../../client/index.ts';
import { logLine } from './access-log.ts';
import { LIMITS } from './params.ts';

const REASON: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};
const ALLOW = 'GET, POST, HEAD, OPTIONS';

/**
 * A whole HTTP/1.1 answer as bytes, JSON with CORS like every other answer of the service, for
 * the requests Node's parser refuses before any handler runs. `Connection: close`: after a
 * parse error the rest of the connection cannot be trusted to be a request.
 *
 * @example
 * ```ts
 * socket.end(rawAnswer('BAD_REQUEST', 'Malformed request.'));
 * ```
 * @throws never.
 */
export function rawAnswer(code: ErrorCode, message: string, allow = false): string {
  const status = ERROR_STATUS[code];
  const body = JSON.stringify({ success: false, error: message, code });
  return (
    `HTTP/1.1 ${status} ${REASON[status] ?? 'Error'}\r\n` +
    'Content-Type: application/json\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Cache-Control: no-store\r\n' +
    'Access-Control-Allow-Origin: *\r\n' +
    (allow ? `Allow: ${ALLOW}\r\n` : '') +
    'Connection: close\r\n\r\n' +
    body
  );
}

// With a header overflow Node hands over the packet that overflowed: when it starts a request
// whose first line has no end yet (or ends past the URL limit), the line itself is too long.
function requestLineTooLong(packet: Buffer | undefined): boolean {
  if (packet === undefined) return false;
  const head = packet.subarray(0, LIMITS.maxUrlBytes + 64).toString('latin1');
  if (!/^[A-Z]{3,10} /.test(head)) return false;
  const end = head.indexOf('\r\n');
  return end === -1 || end > LIMITS.maxUrlBytes;
}

type ParseError = Error & { code?: string; rawPacket?: Buffer };

/**
 * The connections this process closed for a request timeout: a handler still reading such a
 * request's body sees it fail, and the app logs it as the timeout (408) it was, not as a client
 * that left (499).
 */
export const timedOutSockets: WeakSet<object> = new WeakSet();

function refused(log: ((line: string) => void) | undefined, answer: string, reason: string) {
  if (log === undefined) return;
  const status = Number(answer.startsWith('HTTP/') ? answer.slice(9, 12) : answer);
  const t = new Date().toISOString();
  log(logLine({ t, level: 'info', msg: 'refused before routing', status, reason }));
}

/**
 * Makes every answer Node's HTTP server gives on its own JSON with CORS, as far as Node lets a
 * server answer at all (docs/SERVICE.md, "Limits"): a request line over 16 KiB is 414
 * `URL_TOO_LONG` (Node's bare 431 before, issue 27), other oversized headers 431
 * `HEADERS_TOO_LARGE`, a method Node's parser does not know 405 with `Allow`, a request or its
 * headers not in by the configured timeout 408 `REQUEST_TIMEOUT`, any other parse error 400
 * `BAD_REQUEST`; `CONNECT` (which Node hands to a `connect` listener or drops) 405. Answers only
 * when nothing of a response went out yet on the connection, as Node itself does; a connection
 * reset by the client gets nothing — there is no one to answer.
 *
 * @example
 * ```ts
 * answerParseErrors(server, (line) => process.stdout.write(`${line}\n`));
 * ```
 * @throws never.
 */
export function answerParseErrors(server: Server, log?: (line: string) => void): void {
  server.on('clientError', (error: ParseError, socket: Duplex) => {
    const code = error.code ?? '';
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    // ECONNRESET, or the end of the stream inside a request (HPE_INVALID_EOF_STATE): the client
    // left; its request, if it had begun, is logged by the app as aborted.
    if (
      code === 'ECONNRESET' ||
      code === 'HPE_INVALID_EOF_STATE' ||
      !socket.writable ||
      inFlight?.headersSent === true
    ) {
      socket.destroy();
      return;
    }
    let answer: string;
    if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      timedOutSockets.add(socket);
      answer = rawAnswer('REQUEST_TIMEOUT', 'The request did not arrive in time.');
    } else if (code === 'HPE_HEADER_OVERFLOW') {
      answer = requestLineTooLong(error.rawPacket)
        ? rawAnswer('URL_TOO_LONG', `A URL holds at most ${LIMITS.maxUrlBytes} bytes.`)
        : rawAnswer('HEADERS_TOO_LARGE', 'The request headers are too large.');
    } else if (code === 'HPE_INVALID_METHOD') {
      answer = rawAnswer('METHOD_NOT_ALLOWED', 'Use GET or POST.', true);
    } else {
      answer = rawAnswer('BAD_REQUEST', 'Malformed request.');
    }
    refused(log, answer, code);
    socket.end(answer);
    // A client that never reads must not keep the socket: gone after a second at most.
    setTimeout(() => socket.destroy(), 1_000).unref();
  });
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    refused(log, '405', 'CONNECT');
    socket.end(rawAnswer('METHOD_NOT_ALLOWED', 'CONNECT is not served here.', true));
    setTimeout(() => socket.destroy(), 1_000).unref();
  });
}
