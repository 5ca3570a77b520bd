// The clock of Node's bench processes: this thread's CPU time (getrusage RUSAGE_THREAD through
// process.threadCpuUsage), in milliseconds. See useClock in bench/timing.ts for why.

/**
 * CPU time used by the calling thread so far, in milliseconds (user + system).
 *
 * @example
 * const before = threadCpuMs(); // … work … threadCpuMs() - before
 */
export function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}
