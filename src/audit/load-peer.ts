import { FairdealError } from '../errors.ts';

/**
 * Loads an optional peer dependency (package.json `peerDependenciesMeta`) — the one loader of
 * the library and its apps, for @resvg/resvg-js, hono, @hono/node-server and pg alike. The
 * library itself depends on nothing; a feature that needs a heavy package (a native renderer, a
 * server, a database driver) loads it lazily through this, so `npm i fairdeal` for a browser
 * shuffle pulls none of them, and a package that cannot be loaded is always the same error:
 * `MISSING_PEER`, one line naming the package and the `npm install` that fixes it — not
 * installed, or installed but not loading (a native binary missing for this platform, which a
 * fresh install fetches; the original error is the `cause`).
 *
 * `load` is the caller's own `() => import('name')`, so bundlers and TypeScript still see a
 * literal specifier.
 *
 * @example
 * ```ts
 * const { Resvg } = await loadPeer('@resvg/resvg-js', 'PNG output', () => import('@resvg/resvg-js'));
 * ```
 * @throws {FairdealError} `MISSING_PEER` when the package cannot be loaded.
 */
export async function loadPeer<T>(
  name: string,
  purpose: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const message = isNotFound(error, name)
      ? `${purpose} needs the optional package ${name}: run npm install ${name}`
      : `${purpose} needs the optional package ${name}, which is installed but does not load (${firstLine(error)}): run npm install ${name} again`;
    const missing = new FairdealError('MISSING_PEER', message, { package: name });
    missing.cause = error;
    throw missing;
  }
}

/**
 * Node says ERR_MODULE_NOT_FOUND (import) or MODULE_NOT_FOUND (require) naming the package
 * itself; the same codes naming another module (a platform binary it requires) mean it is
 * installed but broken.
 */
function isNotFound(error: unknown, name: string): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    (e?.code === 'ERR_MODULE_NOT_FOUND' || e?.code === 'MODULE_NOT_FOUND') &&
    typeof e.message === 'string' &&
    e.message.includes(`'${name}'`)
  );
}

/** The first line of an error's message, shortened: the message is one line. */
function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split(/\r?\n/, 1)[0]!.trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
