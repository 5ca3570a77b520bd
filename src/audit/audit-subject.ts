/**
 * What to audit: fairdeal's own `shuffle`, a catalogue algorithm by name, or a user's ES module
 * (by file URL; the named export, else the default export, else its only exported function).
 */
export type AuditSubject =
  | { readonly kind: 'fairdeal' }
  | { readonly kind: 'catalog'; readonly name: string }
  | { readonly kind: 'module'; readonly url: string; readonly exportName?: string };

/**
 * A short human name for a subject (`fairdeal`, `swap-any`, `file.js#shuffle`).
 *
 * @example
 * ```ts
 * subjectName({ kind: 'catalog', name: 'swap-any' }); // 'swap-any'
 * ```
 * @throws never.
 */
export function subjectName(subject: AuditSubject): string {
  if (subject.kind === 'fairdeal') return 'fairdeal';
  if (subject.kind === 'catalog') return subject.name;
  const file = subject.url.slice(subject.url.lastIndexOf('/') + 1);
  return subject.exportName === undefined ? file : `${file}#${subject.exportName}`;
}

/**
 * Checks that `subject` is an {@link AuditSubject} (the runner's first argument).
 *
 * @example
 * ```ts
 * checkSubject({ kind: 'catalog', name: 'swap-any' }); // fine
 * ```
 * @throws {TypeError} for anything else.
 */
export function checkSubject(subject: AuditSubject): void {
  const s = subject as { kind?: unknown; name?: unknown; url?: unknown; exportName?: unknown };
  const ok =
    s !== null &&
    typeof s === 'object' &&
    (s.kind === 'fairdeal' ||
      (s.kind === 'catalog' && typeof s.name === 'string') ||
      (s.kind === 'module' &&
        typeof s.url === 'string' &&
        (s.exportName === undefined || typeof s.exportName === 'string')));
  if (!ok) {
    throw new TypeError(
      "an audit subject is { kind: 'fairdeal' }, { kind: 'catalog', name } or { kind: 'module', url, exportName? }",
    );
  }
}
