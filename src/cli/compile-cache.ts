import { mkdirSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Turns on Node's compile cache for the modules loaded after this call, and says where it is
 * (undefined when it could not be turned on, or NODE_DISABLE_COMPILE_CACHE is set). Node keeps
 * each module's type-stripped, compiled code there, so a start after the first skips most of the
 * ~300 modules' stripping and compiling: about half of the service's start-up (docs/BENCHMARKS.md,
 * "Dealer service start-up"). The folder is the user's own cache, `$XDG_CACHE_HOME/fairdeal/
 * compile-cache` (else `~/.cache/…`, made 0700), not Node's default in the shared temporary
 * folder, where another local user could plant compiled code; NODE_COMPILE_CACHE names another.
 *
 * @example
 * ```ts
 * enableServiceCompileCache(process.env); // '/home/ana/.cache/fairdeal/compile-cache/…'
 * ```
 * @throws never: a cache is an optimisation, so failing to make one is not an error.
 */
export function enableServiceCompileCache(env: Env): string | undefined {
  if (env.NODE_COMPILE_CACHE !== undefined) return enableCompileCache().directory;
  // The XDG Base Directory spec: a relative value is invalid and must be ignored.
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg?.startsWith('/') ? xdg : join(env.HOME || homedir() || tmpdir(), '.cache');
  const dir = join(base, 'fairdeal', 'compile-cache');
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch {
    return undefined;
  }
  return enableCompileCache(dir).directory;
}
