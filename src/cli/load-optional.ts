import { oneLine, UsageError } from './io.ts';

/**
 * An optional package that a CLI feature needs could not be loaded because it is not installed.
 * A usage error (exit 2): it is found before anything runs, and the message says how to fix it.
 */
export class MissingOptionalError extends UsageError {
  readonly packageName: string;
  constructor(packageName: string, purpose: string) {
    super(`${purpose} needs the optional package ${packageName}: npm i ${packageName}`);
    this.name = 'MissingOptionalError';
    this.packageName = packageName;
  }
}

/**
 * Loads an optional dependency when a feature first needs it, so that `fairdeal` installs and runs
 * without it (the library itself has no dependencies) and says plainly what is missing.
 *
 * @example
 * ```ts
 * const { Resvg } = await loadOptional<typeof import('@resvg/resvg-js')>(
 *   '@resvg/resvg-js',
 *   'drawing PNG heatmaps',
 * );
 * ```
 * @throws {MissingOptionalError} (exit 2) when the package is not installed.
 * @throws {Error} one line, when it is installed but fails to load (a broken native binary).
 */
export async function loadOptional<T = unknown>(packageName: string, purpose: string): Promise<T> {
  try {
    return (await import(packageName)) as T;
  } catch (error) {
    const e = error as { code?: unknown; message?: unknown };
    const message = typeof e?.message === 'string' ? e.message : String(error);
    if (
      (e?.code === 'ERR_MODULE_NOT_FOUND' || e?.code === 'MODULE_NOT_FOUND') &&
      message.includes(`'${packageName}'`)
    ) {
      throw new MissingOptionalError(packageName, purpose);
    }
    throw new Error(`${purpose}: the package ${packageName} failed to load: ${oneLine(message)}`);
  }
}
