import { chacha20 } from '../../src/index.ts';
import { type AppOptions, createApp } from '../../src/server/app.ts';
import type { ServerConfig } from '../../src/server/config.ts';
import { openSqliteStore } from '../../src/server/store/sqlite/deck-store.ts';
import type { Store } from '../../src/server/store/store.ts';

/** An answer read for a test: status, headers, and the body as JSON (or text). */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
  readonly body: any;
}

/**
 * An in-process app for tests: SQLite in memory, a seeded source, no rate limit unless asked,
 * log lines collected.
 *
 * @example
 * ```ts
 * const t = testApp();
 * const deck = (await t.call('/api/deck/new/')).body;
 * ```
 * @throws never.
 */
export function testApp(
  config: Partial<ServerConfig> = {},
  extra: Partial<AppOptions> = {},
): {
  store: Store;
  logs: string[];
  call: (path: string, init?: RequestInit, env?: unknown) => Promise<Answer>;
} {
  const store = openSqliteStore({ path: ':memory:' });
  const logs: string[] = [];
  const app = createApp({
    store,
    source: chacha20('test app'),
    config: { rateLimit: 0, ...config },
    log: (line) => logs.push(line),
    ...extra,
  });
  return {
    store,
    logs,
    call: async (path, init, env) => {
      const res = await app.request(path, init, env as never);
      const text = await res.text();
      let body: unknown = text;
      if (text !== '' && (res.headers.get('content-type') ?? '').includes('json'))
        body = JSON.parse(text);
      return { status: res.status, headers: res.headers, body };
    },
  };
}
