// Messages between the audit view, its trusted worker (audit-worker.ts) and the sandbox that runs
// pasted code (audit-sandbox.ts). The sandbox is untrusted: what it sends is checked by the
// trusted worker (audit-sandbox-tally.ts) and never reaches the page as a result.
import type { AuditResult, BrokenReason } from '../audit/browser.ts';

/** What to audit: fairdeal's shuffle, a catalogue entry, or a pasted function's source. */
export type WebAuditSubject =
  | { readonly kind: 'fairdeal' }
  | { readonly kind: 'catalog'; readonly name: string }
  | { readonly kind: 'code'; readonly code: string };

/**
 * What the trusted worker audits: the pasted code itself never reaches it, only the sandbox's
 * end of a channel (`AuditRequest.sandbox`) that answers with permutations.
 */
export type TrustedSubject =
  | { readonly kind: 'fairdeal' }
  | { readonly kind: 'catalog'; readonly name: string }
  | { readonly kind: 'code' };

/** Page → trusted worker: run one audit. */
export interface AuditRequest {
  readonly type: 'run';
  readonly subject: TrustedSubject;
  readonly n: number;
  readonly trials: number;
  /** Seed of the chacha20 stream (hex); the page draws it from Web Crypto. */
  readonly seed: string;
  /** For `code`: the channel to the sandbox (transferred). */
  readonly sandbox?: MessagePort;
}

/** Page → sandbox: the code to compile, the cards and the seed, and its end of the channel. */
export interface SandboxStart {
  readonly type: 'start';
  readonly code: string;
  readonly n: number;
  readonly seed: string;
  readonly port: MessagePort;
}

/** Trusted worker → sandbox: `count` more permutations, or "all counted, say what you saw". */
export type SandboxAsk =
  | { readonly type: 'more'; readonly count: number }
  | { readonly type: 'finish' };

/**
 * Sandbox → trusted worker, as the sandbox means to send it (pasted code may send anything
 * instead). `orders`: k permutations, n bytes each. `refused`: the sandbox's CSP refused something
 * (a `securitypolicyviolation` event). `end`: the answer to `finish`.
 */
export type SandboxReply =
  | { readonly type: 'orders'; readonly orders: Uint8Array }
  | {
      readonly type: 'threw' | 'not-a-permutation' | 'not-loadable';
      readonly message: string;
    }
  | { readonly type: 'refused'; readonly directive: string; readonly blocked: string }
  | { readonly type: 'end' };

/** What the sandbox's policy refused, as the trusted worker passes it on (checked, shortened). */
export interface Refusal {
  readonly directive: string;
  readonly blocked: string;
}

/** Trusted worker → page. `progress` carries a copy of the card × position counts for the heatmap. */
export type AuditReply =
  | {
      readonly type: 'progress';
      readonly done: number;
      readonly trials: number;
      readonly position: Float64Array;
    }
  | {
      readonly type: 'result';
      readonly result: Omit<AuditResult, 'counts'>;
      readonly position: Float64Array;
      /** formatP of each test's p-value and of the threshold, as the CLI prints them. */
      readonly p: readonly string[];
      readonly threshold: string;
    }
  | { readonly type: 'broken'; readonly broken: BrokenReason; readonly done: number }
  | ({ readonly type: 'refused' } & Refusal);
