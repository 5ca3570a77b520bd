// The sandbox a pasted shuffle runs in: a classic Web Worker whose own policy (sent with this
// script, see SANDBOX_CSP in src/server/web-page.ts) allows `eval` and nothing else — no script
// from anywhere (so no import(), no importScripts), no worker, no fetch, XHR, WebSocket or
// EventSource. The page starts it, hands it the code and one end of a channel to the trusted
// audit worker, and never reads a message from it: all the sandbox can do is answer the trusted
// worker with permutations (audit-sandbox-serve.ts), which that worker checks and counts itself.
import type { SandboxStart } from './audit-protocol.ts';
import { type SandboxPort, serveTrials, thrownMessage } from './audit-sandbox-serve.ts';

// The DOM lib types `self` as a Window; in a dedicated worker it is its global scope.
const scope = globalThis as unknown as {
  addEventListener(type: 'message', fn: (event: { data: SandboxStart }) => void): void;
  addEventListener(
    type: 'securitypolicyviolation',
    fn: (event: { violatedDirective: string; blockedURI: string }) => void,
  ): void;
};

let port: SandboxPort | undefined;

// What the policy refused is passed on so the page can say it; the refusal itself does not
// depend on this (pasted code could silence it, and would still be refused).
scope.addEventListener('securitypolicyviolation', (event) => {
  port?.postMessage({
    type: 'refused',
    directive: String(event.violatedDirective),
    blocked: String(event.blockedURI),
  });
});

scope.addEventListener('message', (event) => {
  const start = event.data;
  if (port !== undefined || start?.type !== 'start') return;
  port = start.port as unknown as SandboxPort;
  let made: unknown;
  try {
    // A function declaration, a function expression or an arrow function, compiled here only.
    made = new Function(`"use strict"; return (${start.code}\n);`)();
  } catch (error) {
    port.postMessage({ type: 'not-loadable', message: thrownMessage(error) });
    return;
  }
  if (typeof made !== 'function') {
    port.postMessage({ type: 'not-loadable', message: 'the code is not a function' });
    return;
  }
  serveTrials(port, made as (cards: number[]) => unknown, start.n, start.seed);
});
