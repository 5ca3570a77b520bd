// `npm run bench -- --write`: the run's sections replace their namesakes in docs/BENCHMARKS.md.
// Everything after the results marker is a list of `## ` sections; other benches own some of
// them (Deals, Dark deals, Dealer service …) and those stay as they are, while every section this
// bench owns is either written by this run or removed, so that no number from an earlier run
// stays next to this one's.

/** The line after which the run's sections begin. */
export const RESULTS_MARKER = '<!-- bench:results -->';

const headingOf = (section: string) => section.split('\n', 1)[0]!.trim();
const sectionsOf = (text: string) =>
  text
    .split(/\n(?=## )/)
    .filter((part) => part.startsWith('## '))
    .map((part) => part.trim());

/**
 * `doc` with the run's `sections` (markdown made of `## ` sections) in place after
 * {@link RESULTS_MARKER}: first the run's sections, then every earlier section that is neither
 * one of them nor in `owned` (headings this bench wrote in earlier versions); whatever stood
 * between the marker and the first `## ` heading (an earlier run's preamble) is dropped. The
 * text before the marker is kept unchanged; a doc without the marker gets it at its end.
 *
 * @example
 * spliceSections('# T\n<!-- bench:results -->\n## A\nold\n## B\nkept', '## A\nnew', []);
 * // '# T\n<!-- bench:results -->\n\n## A\nnew\n\n## B\nkept\n'
 */
export function spliceSections(doc: string, sections: string, owned: readonly string[]): string {
  const at = doc.indexOf(RESULTS_MARKER);
  const head = at === -1 ? `${doc.trimEnd()}\n\n` : doc.slice(0, at);
  const after = at === -1 ? '' : doc.slice(at + RESULTS_MARKER.length);
  const mine = sectionsOf(sections);
  const replaced = new Set([...mine.map(headingOf), ...owned]);
  const kept = sectionsOf(after).filter((part) => !replaced.has(headingOf(part)));
  return `${head}${RESULTS_MARKER}\n\n${[...mine, ...kept].join('\n\n')}\n`;
}
