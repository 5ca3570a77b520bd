import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { publicEntries } from './support/entries.ts';

// Every TSDoc @example of the library is type-checked against the public entries, as a user
// would write it: the names come from `fairdeal`, `fairdeal/fair`, … (no internals), so an
// example that calls a function wrongly, forgets an argument or uses a name the entries do not
// export fails here. All examples go into one in-memory file, each in its own function, so one
// TypeScript program checks them all.
const root = new URL('..', import.meta.url).pathname;

interface Example {
  readonly file: string;
  readonly line: number;
  readonly code: string;
}

/** The ```ts blocks of the @example tags of every library file (apps excluded). */
function examples(): Example[] {
  const files = readdirSync(join(root, 'src'), { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts') && !d.name.endsWith('.test.ts'))
    .map((d) => relative(root, join(d.parentPath, d.name)))
    .filter((f) => !/^src\/(cli|server|web)\//.test(f));
  const found: Example[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/@example\s*\n\s*\*\s*```ts\n([\s\S]*?)\n\s*\*\s*```/g)) {
      const code = m[1]!
        .split('\n')
        .map((l) => l.replace(/^\s*\* ?/, ''))
        .join('\n');
      const line = text.slice(0, m.index).split('\n').length + 2;
      found.push({ file, line, code });
    }
  }
  return found;
}

/**
 * Placeholders an example may use without defining them: the object a method example is about
 * (`dealer.draw(2)`), or input the reader brings (`counts`, `text`). Declared with their real types.
 */
const PLACEHOLDERS = `
type NOT_EXPORTED_BY<From extends string, Name extends string> = [From, Name] & never[];
declare const dealer: Dealer;
declare const cards: Card[];
declare const counts: AuditCounts;
declare const result: AuditResult;
declare const text: string;
declare const saved: string;
declare const round: FairRound;
declare const serverSeed: Uint8Array;
declare const path: string;
`;

/** What a few examples assume of their own file's context, by file. */
const CONTEXT: Readonly<Record<string, string>> = {
  'src/client/seat-check-error.ts': 'declare const seat: TableSeat;',
  'src/client/dark-driver.ts':
    'declare const client: TablesClient, tableId: string, token: string, claimed: ClaimedSeat, table: TableView;',
  'src/client/table-client-error.ts':
    'declare const client: TablesClient, tableId: string, token: string, version: number;',
  'src/client/table-event-stream.ts': [
    'declare const tableId: string, token: string, signal: AbortSignal;',
    'declare function show(table: TableView): void;',
  ].join('\n'),
  'src/client/table-seat.ts': 'declare const tableId: string, invite: string, signal: AbortSignal;',
  'src/client/verify-hand.ts':
    'declare const client: TablesClient, tableId: string, dealerKey: string, memory: SeatMemory;',
  // The v1 files (kept to verify v1 transcripts) share their names with the public v2 functions,
  // which win in scope: their examples use the v1 functions under a V1 alias.
  'src/audit/browser.ts': 'declare function myShuffle(deck: number[]): number[];',
  'src/fair/build-transcript.ts': [
    "import { dealTranscript as dealTranscriptV1 } from '../../src/fair/build-transcript.ts';",
    'declare const input: BuildTranscriptInput;',
  ].join('\n'),
  'src/fair/build-transcript-v2.ts': 'declare const header: FairHeader;',
  'src/fair/client-commit.ts': [
    'declare function send(commitment: unknown): void;',
    'declare const announcement: FairAnnouncement;',
    'declare const publishedRoster: FairRoster;',
    'declare const mine: ClientCommit;',
  ].join('\n'),
  'src/fair/commit-v2.ts': [
    'declare const header: FairHeader;',
    'declare const cs: Uint8Array, salt: Uint8Array;',
    'declare const aliceCommitment: string;',
  ].join('\n'),
  'src/fair/commitments.ts': [
    'import {',
    '  clientCommitment as clientCommitmentV1,',
    '  serverCommitment as serverCommitmentV1,',
    "} from '../../src/fair/commitments.ts';",
    'declare const seed: Uint8Array;',
    'declare const salt: Uint8Array;',
  ].join('\n'),
  'src/fair/constant-time-equal.ts':
    "import { sha256 } from '../../src/random/sha256.ts';\ndeclare const a: Uint8Array;\ndeclare const commitment: Uint8Array;",
  'src/fair/deal-options.ts':
    "import { CanonicalWriter } from '../../src/fair/canonical-writer.ts';",
  'src/fair/deck-key-v2.ts':
    'declare const header: FairHeader;\ndeclare const input: DeckKeyV2Input;',
  'src/fair/derive-key.ts': [
    'import {',
    '  type DeckKeyInput as DeckKeyInputV1,',
    '  deriveDeckKey as deriveDeckKeyV1,',
    '  encodeDeckKeyInput as encodeDeckKeyInputV1,',
    "} from '../../src/fair/derive-key.ts';",
    'declare const input: DeckKeyInputV1;',
  ].join('\n'),
  'src/fair/shuffle-deck.ts': 'declare const input: DeckKeyInput;',
  'src/fair/fair-round.ts': [
    "import { writeFileSync } from 'node:fs';",
    'declare function publish(commitment: unknown): void;',
    'declare const aliceCommitment: string, bobCommitment: string, commitmentHex: string;',
    'declare const aliceSalt: string, bobSalt: string, saltHex: string, stateText: string;',
  ].join('\n'),
  'src/fair/header.ts': [
    "import { CanonicalWriter } from '../../src/fair/canonical-writer.ts';",
    'declare const header: FairHeader;',
  ].join('\n'),
  'src/fair/hmac-sha256.ts': 'declare const key: Uint8Array;',
  'src/fair/dealer-key.ts': '',
  'src/fair/ed25519.ts':
    'declare const seed: Uint8Array, message: Uint8Array, publicKey: Uint8Array, signature: Uint8Array;',
  'src/fair/header-v3.ts': [
    "import { CanonicalWriter } from '../../src/fair/canonical-writer.ts';",
    'declare const dealerKeyHex: string, ka: string, kb: string, kc: string;',
    'declare const header: FairHeaderV3;',
  ].join('\n'),
  'src/fair/messages-v3.ts': [
    'declare const header: FairHeaderV3, deck: string[];',
    'declare const cs: Uint8Array, salt: Uint8Array, ck: Uint8Array, r: Uint8Array, hash: Uint8Array;',
    'declare const c0: Uint8Array, c1: Uint8Array, c2: Uint8Array, seatSignature: Uint8Array;',
  ].join('\n'),
  'src/fair/seat-v3.ts': [
    'declare function send(message: unknown): void;',
    'declare function complain(): void;',
    'declare const announcement: AnnouncementV3, key: SeatKeyPair, mine: SeatCommitV3;',
    'declare const roster: RosterV3, receipt: ReceiptV3, record: VoidRecordV3;',
    'declare const myReceipts: ReceiptV3[];',
  ].join('\n'),
  'src/fair/seat-drafts-v3.ts': [
    'declare function send(message: unknown): void;',
    'declare function sign(message: Uint8Array): Uint8Array;',
    'declare const announcement: AnnouncementV3, mine: SeatCommitV3, roster: RosterV3;',
  ].join('\n'),
  'src/fair/seat-v3-sync.ts': [
    'declare const announcement: AnnouncementV3, botKey: SeatKeyPair, mine: SeatCommitV3;',
    'declare const roster: RosterV3, seed: string;',
  ].join('\n'),
  'src/fair/signed-round.ts': [
    'declare function publish(message: unknown): void;',
    'declare const signedRound: SignedRound, dealerKey: DealerSigner, seats: SeatV3[];',
    'declare const fromSeat0: SeatCommitMessage, revealOfSeat0: SeatRevealMessage;',
    'declare const commitment: string, signature: string, saltHex: string, stateText: string;',
    'declare const openedState: SignedRoundSecretState;',
  ].join('\n'),
  'src/fair/transcript-v3.ts': 'declare const t: AnyRecordV3;',
  'src/fair/verify-v3.ts': 'declare const parsed: AnyRecordV3;',
  'src/dark/joint-key.ts':
    'declare const group: DarkGroup, context: DarkContext, keys: DarkKeyJSON[];',
  'src/dark/open-card.ts':
    'declare const deck: DarkDeck, b: DarkPoint, d0: DarkPoint, d1: DarkPoint, d2: DarkPoint;',
  'src/dark/seat-key.ts': 'declare const group: DarkGroup, context: DarkContext;',
  'src/dark/share.ts': [
    'declare const group: DarkGroup, context: DarkContext, x: bigint, h: DarkPoint, a: DarkPoint;',
    'declare const share: DarkShareJSON;',
  ].join('\n'),
  'src/dark/shuffle-step.ts': [
    'declare const group: DarkGroup, context: DarkContext, H: DarkPoint, seed: Uint8Array;',
    'declare const deck: DarkCiphertext[], input: DarkCiphertext[], step: DarkStepJSON;',
    'declare const revealedSeed: Uint8Array;',
  ].join('\n'),
  'src/fair/seating.ts': "import { CanonicalWriter } from '../../src/fair/canonical-writer.ts';",
  'src/fair/transcript-hash.ts': [
    "import { transcriptHash as transcriptHashV1 } from '../../src/fair/transcript-hash.ts';",
    'declare const t: FairTranscriptV1;',
  ].join('\n'),
  'src/fair/transcript-hash-v2.ts': [
    "import { fromHex } from '../../src/fair/hex.ts';",
    'declare const t: FairTranscript;',
  ].join('\n'),
  'src/fair/verify.ts':
    'declare const announcement: FairAnnouncement;\ndeclare function showGreen(): void;',
  'src/fair/verify-chain.ts':
    'declare const hand1: FairTranscript, hand2: FairTranscript, hand3: FairTranscript;',
  'src/fair/verify-problems.ts':
    'declare const t: FairTranscript;\ndeclare const expected: DealtCard[];',
  'src/fair/verify-v1.ts': 'declare const parsed: FairTranscriptV1;',
  'src/fair/verify-v2.ts': 'declare const parsed: FairTranscript;',
  'src/rules/doudizhu/legal-plays.ts': 'declare const hand: readonly Card[];',
  'src/rules/doudizhu/score.ts': 'declare const plays: readonly PlayRecord[];',
  'src/rules/doudizhu/turns.ts': 'declare const state: DoudizhuState;',
  'src/shuffle/catalog/check-doudizhu-deal.ts': 'declare const { kitty, hands }: DouDizhuDeal000;',
  'src/shuffle/catalog/doudizhu-000.ts': 'declare const shuffledCards: string[];',
};

/** The names a source file exports itself, as `import` lines would need them. */
function ownExports(file: string): { values: string[]; types: string[] } {
  const text = readFileSync(join(root, file), 'utf8');
  const values: string[] = [];
  const types: string[] = [];
  for (const m of text.matchAll(
    /^export (?:async )?(?:abstract )?(function\*?|const|class|interface|type) (\w+)/gm,
  )) {
    (m[1] === 'interface' || m[1] === 'type' ? types : values).push(m[2]!);
  }
  return { values, types };
}

const importLine = (names: string[], from: string, type = false): string =>
  names.length === 0
    ? ''
    : `import ${type ? 'type ' : ''}{ ${names.join(', ')} } from '${from}';\n`;

test('every TSDoc @example of the library type-checks against the public entries', () => {
  const found = examples();
  assert.ok(found.length >= 100, `found ${found.length} examples`);
  // A canary: the checker must catch a wrong example (the one checkPermutation had).
  const canary: Example = {
    file: 'src/audit/check-permutation.ts',
    line: 0,
    code: 'checkPermutation([0, 0, 2], 3);',
  };
  const all = [...found, canary];
  const entries = publicEntries();
  const surface = JSON.parse(
    readFileSync(join(root, 'test/vectors/api-surface.json'), 'utf8'),
  ) as Record<string, string[]>;
  // The virtual files live in test/__tsdoc__/, so the entries are ../../src/….
  let preamble = '';
  const publicNames = new Set<string>();
  for (const [specifier, lines] of Object.entries(surface)) {
    const from = `../../${entries[specifier]!}`;
    // An entry may re-export another's names (fairdeal/audit/browser ⊂ fairdeal/audit): import
    // each name once, from the first entry that has it.
    const split = lines
      .map((l) => l.split(': ') as [string, string])
      .filter(([n]) => !publicNames.has(n));
    const isType = (kind: string) => kind === 'type' || kind === 'interface';
    preamble += importLine(
      split.filter(([, k]) => !isType(k)).map(([n]) => n),
      from,
    );
    preamble += importLine(
      split.filter(([, k]) => isType(k)).map(([n]) => n),
      from,
      true,
    );
    for (const [name] of split) publicNames.add(name);
  }
  preamble += PLACEHOLDERS;
  // One virtual file per source file, one function per example: fewer files, one check each.
  const groups = new Map<
    string,
    { hoisted: Set<string>; bodies: { example: Example; code: string }[] }
  >();
  for (const example of all) {
    const group = groups.get(example.file) ?? { hoisted: new Set<string>(), bodies: [] };
    groups.set(example.file, group);
    // An example's own import lines must name what that entry exports; the names are already
    // in scope, so each line becomes a check of its names. Other imports (node:fs) move up.
    const code = example.code
      .replace(/^import .* from '(?!fairdeal)[^']+';$/gm, (line) => {
        group.hoisted.add(line);
        return '';
      })
      .replace(
        /^import (?:type )?\{([^}]*)\} from '([^']+)';$/gm,
        (_, names: string, from: string) => {
          const exported = surface[from]?.map((n) => n.split(':')[0]) ?? [];
          return names
            .split(',')
            .map((n) => n.trim().replace(/^type /, ''))
            .filter((n) => n !== '' && !exported.includes(n))
            .map((n) => `type _${n} = NOT_EXPORTED_BY<'${from}', '${n}'>;`)
            .join(' ');
        },
      );
    group.bodies.push({ example, code });
  }
  const files = new Map<
    string,
    { text: string; parts: { example: Example; bodyLine: number }[] }
  >();
  let index = 0;
  for (const [file, group] of groups) {
    // Internal functions document themselves too: their own file's exports are in scope.
    const own = ownExports(file);
    const from = `../../${file}`;
    let text =
      preamble +
      importLine(
        own.values.filter((n) => !publicNames.has(n)),
        from,
      ) +
      importLine(
        own.types.filter((n) => !publicNames.has(n)),
        from,
        true,
      ) +
      `${[...group.hoisted].join('\n')}\n${CONTEXT[file] ?? ''}\nexport {};\n`;
    const parts: { example: Example; bodyLine: number }[] = [];
    group.bodies.forEach(({ example, code }, i) => {
      text += `async function example${i}() {\n`;
      parts.push({ example, bodyLine: text.split('\n').length });
      text += `${code}\n}\n`;
    });
    files.set(join(root, `test/__tsdoc__/file${index++}.ts`), { text, parts });
  }
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, onError, create) => {
    const virtual = files.get(name);
    return virtual === undefined
      ? read(name, version, onError, create)
      : ts.createSourceFile(name, virtual.text, ts.ScriptTarget.Latest, true);
  };
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => files.has(name) || exists(name);
  const program = ts.createProgram([...files.keys()], { ...options, noEmit: true }, host);
  const problems: string[] = [];
  for (const [name, { parts }] of files) {
    for (const d of ts.getPreEmitDiagnostics(program, program.getSourceFile(name))) {
      const line =
        d.file === undefined ? 0 : d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1;
      const message = ts.flattenDiagnosticMessageText(d.messageText, ' ');
      const part = parts.findLast((p) => p.bodyLine <= line);
      if (part === undefined) problems.push(`${name}:${line}: ${message}`);
      else
        problems.push(
          `${part.example.file}:${part.example.line + line - part.bodyLine}: ${message}`,
        );
    }
  }
  const canaryLine = 'src/audit/check-permutation.ts:0: Expected 3 arguments, but got 2.';
  assert.ok(problems.includes(canaryLine), 'the canary was caught');
  assert.deepEqual(
    problems.filter((p) => p !== canaryLine),
    [],
  );
});
