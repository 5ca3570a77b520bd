// The audit sandbox's words in both languages: what its policy refused, as the page says it.
import type { Refusal } from './audit-protocol.ts';
import { fill, type Lang, lang } from './i18n.ts';

const WORDS = {
  en: {
    head: 'The sandbox refused what the pasted code tried (nothing was sent):',
    connect: 'a request (fetch, XMLHttpRequest, WebSocket, EventSource)',
    script: 'loading a script (import(), importScripts)',
    worker: 'starting a worker (new Worker)',
    other: 'what the {directive} directive forbids',
  },
  zh: {
    head: '沙箱拒绝了粘贴的代码尝试的操作（没有发出任何请求）：',
    connect: '网络请求（fetch、XMLHttpRequest、WebSocket、EventSource）',
    script: '加载脚本（import()、importScripts）',
    worker: '启动 Worker（new Worker）',
    other: '{directive} 指令禁止的操作',
  },
} satisfies Record<Lang, Record<string, string>>;

/**
 * The heading of the refusals list (`refusal` omitted), or one refusal as a line of it: what was
 * tried, by the violated directive, and what it asked for.
 *
 * @example
 * ```ts
 * auditRefusalText({ directive: 'connect-src', blocked: 'http://127.0.0.1:8080/api/deck/new/' });
 * // 'a request (fetch, XMLHttpRequest, WebSocket, EventSource): http://127.0.0.1:8080/api/deck/new/'
 * ```
 * @throws never.
 */
export function auditRefusalText(refusal?: Refusal): string {
  const words = WORDS[lang()];
  if (refusal === undefined) return words.head;
  const { directive, blocked } = refusal;
  const what =
    directive === 'connect-src'
      ? words.connect
      : directive.startsWith('script-src')
        ? words.script
        : directive === 'worker-src'
          ? words.worker
          : fill(words.other, { directive });
  return blocked === '' ? what : `${what}: ${blocked}`;
}
