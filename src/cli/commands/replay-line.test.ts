import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import fc from 'fast-check';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { parseSeed } from '../../index.ts';
import { main } from '../main.ts';
import { playWith } from './play.ts';

// A printed replay line is a promise: pasted into a shell, it runs the same command. Each case
// runs a command, hands its Replay line to a real POSIX shell (where `fairdeal` is a function that
// prints the words it was given), runs the CLI again on those words — through the command's own
// option parser — and requires the very same output: same seed, same options, same cards.

/** Seeds a person may type: any text, with what shells and option parsers care about often. */
const seedText = fc
  .array(
    fc.oneof(
      fc.constantFrom(...`-=' "\\$\`!*?#~;&|<>()[]{}\t,:/@%`.split(''), '--', '-x', '=-'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(''))
  .filter((s) => !s.includes('\u0000') && acceptedSeed(s));

function acceptedSeed(s: string): boolean {
  try {
    parseSeed(s);
    return true;
  } catch {
    return false;
  }
}

/** The arguments a POSIX shell gives `fairdeal` from the command line `line`. */
function shellWords(line: string): string[] {
  assert.ok(line.startsWith('fairdeal '), line);
  const script = `fairdeal() { printf '%s\\0' "$@"; }\n${line}\n`;
  const out = execFileSync('sh', ['-c', script], { encoding: 'utf8' });
  return out.split('\u0000').slice(0, -1);
}

/** Runs `run` with a fresh captured io; returns the output and the chunk that starts `prefix`. */
async function capture(run: (io: ReturnType<typeof fakeIo>) => Promise<number>, prefix: string) {
  const io = fakeIo('/');
  const chunks: string[] = [];
  const out = io.out;
  io.out = (t) => {
    chunks.push(t);
    out(t);
  };
  const code = await run(io);
  const chunk = chunks.find((c) => c.startsWith(prefix));
  if (chunk === undefined || !chunk.endsWith('\n')) {
    assert.fail(`no line starting ${JSON.stringify(prefix)}: ${io.stdout}`);
  }
  return { code, stdout: io.stdout, replay: chunk.slice(prefix.length, -1) };
}

const awkward = [['-x'], ['--seed'], ["it's"], ['a=b'], ['-'], [' -a b'], ['=-x'], ['"$HOME"']];

test('play: the Replay line replays the same hand for any seed (fast-check, real sh)', async () => {
  await fc.assert(
    fc.asyncProperty(
      seedText,
      fc.constantFrom('doudizhu', 'doudizhu-4p'),
      fc.boolean(),
      async (seed, game, rob) => {
        const args = [game, ...(rob ? ['--rob'] : []), `--seed=${seed}`];
        const first = await capture((io) => playWith(args, io, async () => null), 'Replay: ');
        const words = shellWords(first.replay);
        assert.equal(words[0], 'play');
        const again = await capture(
          (io) => playWith(words.slice(1), io, async () => null),
          'Replay: ',
        );
        assert.equal(again.code, first.code);
        assert.equal(again.stdout, first.stdout);
        assert.ok(first.stdout.includes(`seed: ${seed}\n`), 'the seed as given');
      },
    ),
    { numRuns: 120, examples: awkward.map(([s]) => [s!, 'doudizhu', false]) },
  );
});

test('deal: the Replay line deals the same round for any seed and options (fast-check, real sh)', async () => {
  const extras = fc.constantFrom<string[]>([], ['--dealer', '2'], ['--seats=3'], ['--dealer=1']);
  await fc.assert(
    fc.asyncProperty(seedText, extras, async (seed, extra) => {
      const args = ['deal', 'doudizhu', ...extra, `--seed=${seed}`];
      const prefix = `Seed: ${seed}\nReplay: `;
      const first = await capture((io) => main(args, io), prefix);
      assert.equal(first.code, 0);
      const words = shellWords(first.replay);
      const again = await capture((io) => main(words, io), prefix);
      assert.equal(again.code, 0);
      assert.equal(again.stdout, first.stdout);
    }),
    { numRuns: 120, examples: awkward.map(([s]) => [s!, ['--dealer', '2']]) },
  );
});

test('the bug this guards: play --seed=-x printed `--seed -x`, which the CLI refused', async () => {
  const first = await capture(
    (io) => playWith(['doudizhu', '--seed=-x'], io, async () => null),
    'Replay: ',
  );
  assert.equal(first.replay, 'fairdeal play doudizhu --seed=-x');
});
