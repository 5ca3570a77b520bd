import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

// The docs stand on their own: a reader of the repository (or of the published package) has no
// machine's folders, so no document may send them to one — not an absolute path of the machine
// that wrote it, nor a relative one that is no file of the repository (`../shared/…` from docs/).

const root = new URL('../', import.meta.url);
const docs = [
  ...['README.md', 'CHANGELOG.md'].map((name) => new URL(name, root)),
  ...readdirSync(new URL('docs/', root))
    .filter((name) => name.endsWith('.md'))
    .map((name) => new URL(`docs/${name}`, root)),
];

test('no document names a path of a machine or one outside the repository', () => {
  assert.ok(docs.length > 10, `${docs.length} documents`);
  for (const url of docs) {
    const text = readFileSync(url, 'utf8');
    const where = url.pathname.slice(root.pathname.length);
    assert.doesNotMatch(text, /(^|[\s(`'"])\/(work|home|Users|tmp|root|srv)\//m, where);
    for (const m of text.matchAll(/(?:^|[\s(`'"])((?:\.\.\/)+[\w.-][\w./-]*)/gm)) {
      // Resolved from the document's own folder, the path must be a file of the repository.
      const target = new URL(m[1]!.replace(/[.]$/, ''), url);
      const inside = target.pathname.startsWith(root.pathname) && existsSync(target);
      assert.ok(inside, `${where}: ${m[1]} is not a file of the repository`);
    }
  }
});
