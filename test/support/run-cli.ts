import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

/** What became of a `fairdeal` run in a child process. */
export interface CliRun {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `node src/cli/main.ts ARGS` in a child process, the way a shell would, with its standard
 * output either captured ('pipe'), a pipe whose reader is gone before the child writes anything
 * ('closed': `fairdeal … | head -0`), or /dev/full ('full': every write fails with ENOSPC).
 */
export function runCli(
  args: readonly string[],
  options: { stdout?: 'pipe' | 'closed' | 'full'; cwd?: string; nodeOptions?: string[] } = {},
): Promise<CliRun> {
  const mode = options.stdout ?? 'pipe';
  const full = mode === 'full' ? openSync('/dev/full', 'w') : undefined;
  const child = spawn(process.execPath, [...(options.nodeOptions ?? []), main, ...args], {
    cwd: options.cwd ?? process.cwd(),
    stdio: ['ignore', full ?? 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (full !== undefined) closeSync(full);
  let stdout = '';
  let stderr = '';
  // Closing our end at once: the child's first write to stdout meets EPIPE.
  if (mode === 'closed') child.stdout?.destroy();
  else child.stdout?.on('data', (b: Buffer) => (stdout += b.toString('utf8')));
  child.stderr?.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}
