// The dark table's worker (docs/WEB.md "Dark tables"): one seat of a dark hand, its key secret
// and step seed held here and nowhere else — the page thread, which talks to the service, only
// ever sees the public messages of docs/DARK.md §8. Bundled alone (tools/build-web.ts) and
// served with a policy of its own that refuses every connection and every further script
// (src/server/web-page.ts), so even a bug here cannot send a secret anywhere but the page.
import { FairdealError } from '../index.ts';
import type { DarkFailure, DarkReply, DarkRequest } from './dark-protocol.ts';
import { DarkSeatHost } from './dark-seat-host.ts';

// The DOM lib types `self` as a Window; in a dedicated worker it is its global scope.
const scope = globalThis as unknown as {
  postMessage(message: DarkReply): void;
  addEventListener(type: 'message', fn: (event: { data: DarkRequest }) => void): void;
};

const host = new DarkSeatHost();
// One request at a time, in the order sent: a seat's steps depend on the ones before.
let queue: Promise<void> = Promise.resolve();

function failure(error: unknown): DarkFailure {
  if (error instanceof FairdealError) {
    return {
      code: error.code,
      message: error.message,
      ...(error.detail === undefined ? {} : { detail: error.detail }),
    };
  }
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}

scope.addEventListener('message', ({ data }) => {
  queue = queue.then(async () => {
    const t0 = performance.now();
    try {
      const result = await host.handle(data);
      scope.postMessage({ id: data.id, ok: true, ms: performance.now() - t0, result });
    } catch (error) {
      scope.postMessage({
        id: data.id,
        ok: false,
        ms: performance.now() - t0,
        error: failure(error),
      });
    }
  });
});
