import { FairdealError } from '../errors.ts';

/**
 * Loads an optional peer dependency (package.json `peerDependenciesMeta`), turning "not
 * installed" into one clear line naming the package to install. The library itself depends on
 * nothing; a feature that needs a heavy package (a native renderer, a server, a database driver)
 * loads it lazily through this, so `npm i fairdeal` for a browser shuffle pulls none of them.
 *
 * `load` is the caller's own `() => import('name')`, so bundlers and TypeScript still see a
 * literal specifier.
 *
 * @example
 * ```ts
 * const { Resvg } = await loadPeer('@resvg/resvg-js', 'PNG output', () => import('@resvg/resvg-js'));
 * ```
 * @throws {FairdealError} `MISSING_PEER` when the package is not installed (other load errors
 * pass through unchanged).
 */
export async function loadPeer<T>(
  name: string,
  purpose: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isNotFound(error, name)) {
      throw new FairdealError(
        'MISSING_PEER',
        `${purpose} needs the optional package ${name}: run npm install ${name}`,
        { package: name },
      );
    }
    throw error;
  }
}

/** Node says ERR_MODULE_NOT_FOUND for the package itself; a missing file inside it is another error. */
function isNotFound(error: unknown, name: string): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === 'ERR_MODULE_NOT_FOUND' &&
    typeof e.message === 'string' &&
    e.message.includes(`'${name}'`)
  );
}
