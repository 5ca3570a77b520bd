// Compares fairdeal's Dou Dizhu plays with DouZero's own move code (kwai/DouZero: the move
// generator, douzero/env/move_generator.py, and the move detector, move_detector.py), over every
// play of at most 20 cards on a full 54-card deck with the default rules — the set whose size,
// 27,472 with the pass, DouZero's paper publishes (docs/DOUDIZHU.md, "The 27,472 moves"). The
// paper's table is typed into legal-plays.test.ts; this tool measures how DouZero's code differs
// from that table, which is what docs/DOUDIZHU.md's "Differences from DouZero's own code" says.
//
//   git clone https://github.com/kwai/DouZero "$HOME/DouZero"
//   node_modules/.bin/node tools/douzero-compare.ts "$HOME/DouZero"
//
// Needs python3 (standard library only: tools/douzero-moves.py loads DouZero's three move files
// without its package, so no torch). Takes about 15 s. Exit status 0 when the report is printed,
// 1 when fairdeal lists a play the generator never offers (the docs claim there is none), 2 for
// a usage error.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildDeck } from '../src/index.ts';
import type { Play } from '../src/rules/doudizhu/index.ts';
import {
  BIG_JOKER,
  CHAIN_TOP,
  DEFAULT_RULES,
  formatPlay,
  legalPlaysFromCounts,
  RANK_COUNT,
  RANK_LABELS,
  rankCounts,
  SMALL_JOKER,
} from '../src/rules/doudizhu/index.ts';

const MAX_CARDS = 20;
// fairdeal rank index → DouZero's rank integer (src/cards/douzero.ts: 3…14, 17, 20, 30).
const TO_DOUZERO = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30];
const DOUZERO_TYPES = [
  'pass',
  'single',
  'pair',
  'trio',
  'bomb',
  'rocket',
  'trio-single',
  'trio-pair',
  'straight',
  'pair-chain',
  'airplane',
  'airplane-singles',
  'airplane-pairs',
  'four-two-singles',
  'four-two-pairs',
  'wrong',
];

const douzeroDir = process.argv[2];
if (douzeroDir === undefined || process.argv.length !== 3) {
  process.stderr.write('usage: node tools/douzero-compare.ts DOUZERO_CHECKOUT\n');
  process.exit(2);
}

const ours = legalPlaysFromCounts(rankCounts(buildDeck('standard-54')), null, DEFAULT_RULES).filter(
  (p) => p.size <= MAX_CARDS,
);
const script = fileURLToPath(new URL('./douzero-moves.py', import.meta.url));
const run = spawnSync('python3', [script, douzeroDir], {
  input: JSON.stringify(ours.map((p) => p.ranks.map((r) => TO_DOUZERO[r]!))),
  maxBuffer: 64 * 1024 * 1024,
  encoding: 'utf8',
});
if (run.status !== 0) {
  process.stderr.write(run.stderr || `python3 failed (${String(run.error ?? run.status)})\n`);
  process.exit(run.status === 2 ? 2 : 1);
}
const douzero = JSON.parse(run.stdout) as {
  generated: number[][];
  generatedTypes: number[];
  detected: number[];
};

const FROM_DOUZERO = new Map(TO_DOUZERO.map((v, i) => [v, i]));
const countsOf = (ranks: readonly number[]) => {
  const counts = new Array<number>(RANK_COUNT).fill(0);
  for (const r of ranks) counts[r]!++;
  return counts;
};
const key = (counts: readonly number[]) => counts.join(',');
const ourKeys = new Set(ours.map((p) => key(countsOf(p.ranks))));
const fmt = (n: number) => n.toLocaleString('en-US');
const tally = (map: Map<string, number>, label: string) =>
  map.set(label, (map.get(label) ?? 0) + 1);
const print = (map: Map<string, number>) => {
  for (const [label, n] of [...map].sort((a, b) => b[1] - a[1])) {
    process.stdout.write(`    ${fmt(n).padStart(6)}  ${label}\n`);
  }
};

// The generator: which of its moves fairdeal refuses, and why. A move may have several reasons
// (seven hold the rocket and a trio next to the chain); each is counted once, under the first
// reason in this order, and the overlaps are printed too.
const onlyDouzero = new Map<string, number>();
const overlaps = new Map<string, number>();
const examples = new Map<string, string>();
const generatedKeys = new Set<string>();
const detectorOnExtras = new Map<string, number>();
douzero.generated.forEach((move, i) => {
  const counts = countsOf(move.map((v) => FROM_DOUZERO.get(v)!));
  generatedKeys.add(key(counts));
  if (ourKeys.has(key(counts))) return;
  const reasons = [
    counts[SMALL_JOKER]! > 0 && counts[BIG_JOKER]! > 0 ? 'the rocket as kickers' : '',
    counts.some((k) => k === 4) && counts.some((k) => k === 3) ? 'a bomb in the wings' : '',
    trioNextToChain(counts) ? 'a trio next to the chain in the wings' : '',
  ].filter(Boolean);
  const why = reasons[0] ?? 'other (unexplained)';
  tally(overlaps, reasons.join(' + '));
  tally(onlyDouzero, why);
  if (!examples.has(why)) examples.set(why, formatRanks(counts));
  tally(detectorOnExtras, `${why}: detector says ${DOUZERO_TYPES[douzero.generatedTypes[i]!]}`);
});
const onlyOurs = ours.filter((p) => !generatedKeys.has(key(countsOf(p.ranks))));

// The detector: how it reads each of fairdeal's plays.
const refused = new Map<string, number>();
const otherType = new Map<string, number>();
douzero.detected.forEach((type, i) => {
  const play = ours[i]!;
  const read = DOUZERO_TYPES[type]!;
  if (read === 'wrong') tally(refused, describe(play));
  else if (read !== play.type) tally(otherType, `${play.type} read as ${read}`);
});

const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
process.stdout.write(
  `Plays of at most ${MAX_CARDS} cards on a full deck, default rules (counts without the pass; add 1 for it):\n` +
    `  fairdeal legalPlays: ${fmt(ours.length)}\n` +
    `  DouZero MovesGener:  ${fmt(douzero.generated.length)} distinct\n` +
    `  offered by DouZero only: ${fmt(sum(onlyDouzero))}\n`,
);
print(onlyDouzero);
for (const [why, example] of examples) process.stdout.write(`    e.g. ${why}: ${example}\n`);
process.stdout.write(`  every reason each one has:\n`);
print(overlaps);
process.stdout.write(`  the detector on those:\n`);
print(detectorOnExtras);
process.stdout.write(`  listed by fairdeal only: ${fmt(onlyOurs.length)}\n`);
for (const p of onlyOurs.slice(0, 10)) process.stdout.write(`    ${formatPlay(p)} (${p.type})\n`);
process.stdout.write(
  `DouZero get_move_type on fairdeal's ${fmt(ours.length)} plays:\n` +
    `  refused (TYPE_15_WRONG): ${fmt(sum(refused))}\n`,
);
print(refused);
process.stdout.write(`  read as another type: ${fmt(sum(otherType))}\n`);
print(otherType);
process.exit(onlyOurs.length === 0 ? 0 : 1);

/** Whether some chain of exactly-three ranks (of the move's airplane length) has a trio or more beside it. */
function trioNextToChain(counts: readonly number[]): boolean {
  const size = counts.reduce((a, b) => a + b, 0);
  const length = size / 4;
  for (let start = 0; start + length - 1 <= CHAIN_TOP; start++) {
    let chain = true;
    for (let r = start; r < start + length; r++) if (counts[r] !== 3) chain = false;
    if (!chain) continue;
    const before = start > 0 && counts[start - 1] === 3;
    const after = start + length <= CHAIN_TOP && counts[start + length] === 3;
    if (before || after) return true;
  }
  return false;
}

function describe(play: Play): string {
  const trios = countsOf(play.ranks).filter((k) => k === 3).length;
  const extra = trios > play.length ? ', a trio in the wings' : '';
  return `${play.type} of length ${play.length}${extra}`;
}

function formatRanks(counts: readonly number[]): string {
  const out: string[] = [];
  counts.forEach((k, r) => {
    for (let i = 0; i < k; i++) out.push(RANK_LABELS[r]!);
  });
  return out.join(' ');
}
