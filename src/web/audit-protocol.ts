// Messages between the audit view and its Web Worker (audit-worker.ts).
import type { AuditResult, BrokenReason } from '../audit/browser.ts';

/** What to audit: fairdeal's shuffle, a catalogue entry, or a pasted function's source. */
export type WebAuditSubject =
  | { readonly kind: 'fairdeal' }
  | { readonly kind: 'catalog'; readonly name: string }
  | { readonly kind: 'code'; readonly code: string };

/** Page → worker: run one audit. */
export interface AuditRequest {
  readonly type: 'run';
  readonly subject: WebAuditSubject;
  readonly n: number;
  readonly trials: number;
  /** Seed of the chacha20 stream (hex); the page draws it from Web Crypto. */
  readonly seed: string;
}

/** Worker → page. `progress` carries a copy of the card × position counts for the heatmap. */
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
  | { readonly type: 'broken'; readonly broken: BrokenReason; readonly done: number };
