import { Worker } from 'node:worker_threads';

/** What a short trial run of a user's shuffle module found out before the audit. */
export type ModuleProbe =
  | { readonly kind: 'load-error'; readonly message: string }
  | { readonly kind: 'export-error'; readonly message: string }
  | {
      readonly kind: 'ok';
      /** false: the same seeded Math.random gave different shuffles; undefined: not known. */
      readonly reproducible: boolean | undefined;
      /** Why, in one line, when it is not (or not known to be) reproducible. */
      readonly reason?: string;
    };

// Runs in a worker of its own, so that the module's top level, a hang or a process.exit cannot
// touch the CLI. CommonJS (eval workers are), with a dynamic import for the user's ES module.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, exportName, n } = workerData;
let cryptoCalls = 0;
const counted = (f) => function (...args) { cryptoCalls++; return f.apply(this, args); };
// Count draws from crypto, Web and Node flavours, before the module can take references.
const webCrypto = globalThis.crypto;
if (webCrypto) {
  webCrypto.getRandomValues = counted(webCrypto.getRandomValues.bind(webCrypto));
  webCrypto.randomUUID = counted(webCrypto.randomUUID.bind(webCrypto));
}
const nodeCrypto = require('node:crypto');
for (const k of ['randomBytes', 'randomFillSync', 'randomFill', 'randomInt', 'randomUUID', 'getRandomValues']) {
  if (typeof nodeCrypto[k] === 'function') nodeCrypto[k] = counted(nodeCrypto[k]);
}
require('node:module').syncBuiltinESMExports();
(async () => {
  let mod;
  try {
    mod = await import(url);
  } catch (error) {
    parentPort.postMessage({ kind: 'load-error', message: String(error && error.message || error) });
    return;
  }
  const functions = Object.keys(mod).filter((k) => typeof mod[k] === 'function');
  let fn;
  if (exportName !== undefined) {
    fn = mod[exportName];
    if (typeof fn !== 'function') {
      const has = Object.prototype.hasOwnProperty.call(mod, exportName);
      parentPort.postMessage({
        kind: 'export-error',
        message: (has ? "export '" + exportName + "' is a " + typeof fn + ', not a function'
          : "no export named '" + exportName + "'") +
          (functions.length ? ' (its functions: ' + functions.join(', ') + ')' : ' (it exports no functions)'),
      });
      return;
    }
  } else if (typeof mod.default === 'function') {
    fn = mod.default;
  } else if (functions.length === 1) {
    fn = mod[functions[0]];
  } else {
    parentPort.postMessage({
      kind: 'export-error',
      message: functions.length === 0
        ? 'it exports no function'
        : 'no default export and ' + functions.length + ' exported functions (' + functions.join(', ') + '): choose one with FILE#EXPORT',
    });
    return;
  }
  parentPort.postMessage({ kind: 'loaded' });
  // Two runs of three shuffles on the same seeded Math.random (xorshift128+; any fixed stream
  // will do): a shuffle that draws only from Math.random gives the same orders both times.
  const run = () => {
    let s0 = 0x9e3779b9, s1 = 0x7f4a7c15, s2 = 0x243f6a88, s3 = 0x85a308d3;
    Math.random = () => {
      const t = s0 ^ (s0 << 11); s0 = s1; s1 = s2; s2 = s3;
      s3 = (s3 ^ (s3 >>> 19) ^ t ^ (t >>> 8)) >>> 0;
      return s3 / 4294967296;
    };
    const orders = [];
    for (let k = 0; k < 3; k++) {
      const cards = Array.from({ length: n }, (_, i) => i);
      const out = fn(cards);
      orders.push(JSON.stringify(Array.from(out === undefined ? cards : out)));
    }
    return orders.join('|');
  };
  let same;
  try {
    same = run() === run();
  } catch {
    parentPort.postMessage({ kind: 'ok' });
    return;
  }
  parentPort.postMessage({ kind: 'ok', same, cryptoCalls });
})();
`;

/** Extra time for starting the worker and loading the module (as the auditor allows). */
const LOAD_GRACE_MS = 10_000;

/**
 * Loads a user's shuffle module in a throw-away worker and runs it a little, before the audit:
 * load errors and export mistakes become usage errors (nothing is audited), and a module whose
 * shuffles differ on the same seeded `Math.random` is flagged as not reproducible by `--seed`
 * (it draws from `crypto`, from a `Math.random` it saved before the audit, or from its own
 * generator). Detection is empirical: a module that draws elsewhere only rarely, or only after
 * the first few shuffles, passes unnoticed. If the probe hangs, crashes or throws, nothing is
 * concluded and the audit itself reports the shuffle as broken.
 *
 * @example
 * ```ts
 * const probe = await probeModule(pathToFileURL('mine.js').href, 'shuffle', 52, 3000);
 * ```
 * @throws never: every outcome is a {@link ModuleProbe}.
 */
export function probeModule(
  url: string,
  exportName: string | undefined,
  n: number,
  timeLimitMs: number,
): Promise<ModuleProbe> {
  return new Promise((resolve) => {
    const worker = new Worker(PROBE, {
      eval: true,
      workerData: { url, exportName, n },
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const unknown: ModuleProbe = { kind: 'ok', reproducible: undefined };
    const settle = (probe: ModuleProbe) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(probe);
    };
    let timer = setTimeout(() => settle(unknown), timeLimitMs + LOAD_GRACE_MS);
    worker.on('message', (msg: Record<string, unknown>) => {
      if (msg.kind === 'loaded') {
        clearTimeout(timer);
        timer = setTimeout(() => settle(unknown), timeLimitMs);
      } else if (msg.kind === 'load-error' || msg.kind === 'export-error') {
        settle({ kind: msg.kind, message: String(msg.message) });
      } else if (msg.kind === 'ok') {
        if (msg.same === undefined) settle(unknown);
        else if (msg.same === true && msg.cryptoCalls === 0)
          settle({ kind: 'ok', reproducible: true });
        else {
          const why =
            (msg.cryptoCalls as number) > 0
              ? 'the module draws from crypto, which --seed does not control'
              : 'the same seeded Math.random gave different shuffles: the module draws randomness --seed does not control (a Math.random saved before the audit began, its own generator, the clock)';
          settle({ kind: 'ok', reproducible: false, reason: why });
        }
      }
    });
    worker.on('error', () => settle(unknown));
    worker.on('exit', () => settle(unknown));
    // The module's own output must not reach ours.
    worker.stdout.resume();
    worker.stderr.resume();
  });
}
