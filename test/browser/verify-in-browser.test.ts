// Runs fairdeal's verify() in a real browser (Debian's Chromium driven by playwright-core): the
// promise of docs/FAIR.md that a web page can check a hand without trusting the server, and that
// nothing on verify's import path needs Node. Sources are served as they are, with types stripped
// by Node's own stripTypeScriptTypes — no bundler that could hide a node: import.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fairDeal } from '../../src/fair/index.ts';
import { CHROMIUM_SKIP, withSourcesPage } from '../support/serve-sources.ts';

const PAGE = `<!doctype html><meta charset="utf-8"><title>fairdeal verify</title>
<script type="module">
  import * as fair from '/src/fair/index.ts';
  window.fair = fair;
  window.ready = true;
</script>`;

test('verify() runs in Chromium: a genuine transcript passes, a tampered one fails', {
  skip: CHROMIUM_SKIP,
  timeout: 60_000,
}, async () => {
  const { transcript } = fairDeal('doudizhu', {
    table: 'browser',
    hand: 3,
    clientSeed: 'from node',
  });
  const tampered = structuredClone(transcript) as unknown as { cards: { card: string }[] };
  const [a, b] = [tampered.cards[5]!.card, tampered.cards[40]!.card];
  tampered.cards[5]!.card = b;
  tampered.cards[40]!.card = a;

  await withSourcesPage(PAGE, async (page, requested) => {
    const verdicts = await page.evaluate(
      ([good, bad]) => {
        const f = (window as unknown as { fair: typeof import('../../src/fair/index.ts') }).fair;
        const ok = f.verify(good);
        const ko = f.verify(bad);
        // The browser also deals: the same seeds must give the same transcript hash as Node.
        const t = good as import('../../src/fair/index.ts').FairTranscript;
        const again = f.dealTranscript({
          header: {
            table: t.table,
            hand: t.hand,
            prev: t.prev,
            preset: t.preset,
            options: t.options,
            seating: t.seating,
          },
          serverSeed: Uint8Array.from(t.server.seed.match(/../g)!, (h) => Number.parseInt(h, 16)),
          roster: [],
          reveals: [],
          plain: t.plain,
        }).transcript;
        return {
          ok: ok.ok,
          problems: ko.ok ? [] : ko.problems.map((p) => p.field),
          hash: again.hash,
          ua: navigator.userAgent,
        };
      },
      [transcript, tampered] as const,
    );
    assert.equal(verdicts.ok, true);
    assert.deepEqual(verdicts.problems, ['cards[5]', 'cards[40]', 'hash']);
    assert.equal(verdicts.hash, transcript.hash);
    assert.match(verdicts.ua, /Chrome/);
    assert.ok(requested.some((p) => p === '/src/fair/verify.ts'));
    assert.ok(!requested.some((p) => p.startsWith('/node:')));
  });
});

test('verifyAsync() checks a fairdeal-v3 record in Chromium with Web Crypto Ed25519, as Node does', {
  skip: CHROMIUM_SKIP,
  timeout: 60_000,
}, async () => {
  const { readFileSync } = await import('node:fs');
  const vectors = JSON.parse(
    readFileSync(new URL('../vectors/fair-v3.json', import.meta.url), 'utf8'),
  );
  const [dealt] = vectors.transcripts;
  const voided = vectors.transcripts.find((t: { kind: string }) => t.kind === 'void');
  const forged = structuredClone(dealt);
  // The dealer forges seat 1's reveal signature and signs the record over it (the vectors give
  // its key): hash and dealer signature hold, only the seat signature check can catch it.
  const sig: string = forged.reveals[1].signature;
  forged.reveals[1].signature = (sig[0] === '0' ? '1' : '0') + sig.slice(1);
  const { dealerSigner, recordHashV3 } = await import('../../src/fair/index.ts');
  const { transcriptMessageV3 } = await import('../../src/fair/messages-v3.ts');
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
  const dealer = dealerSigner(Buffer.from(vectors.dealer.privateKey, 'hex'));
  const hash = recordHashV3(forged);
  forged.hash = hex(hash);
  forged.signature = hex(dealer.sign(transcriptMessageV3(hash)));
  await withSourcesPage(PAGE, async (page) => {
    const out = await page.evaluate(
      async ([good, bad, gone]) => {
        const f = (window as unknown as { fair: typeof import('../../src/fair/index.ts') }).fair;
        const a = await f.verifyAsync(good);
        const b = await f.verifyAsync(bad);
        const c = await f.verifyAsync(gone);
        const sync = f.verify(good); // no synchronous Ed25519 in a browser: it says so
        return {
          a: a.ok ? f.describeVerdict(a.verdict).headline : 'failed',
          b: b.ok ? 'ok' : b.problems.map((p) => p.field),
          c: c.ok ? f.describeVerdict(c.verdict).headline : 'failed',
          sync: sync.ok ? 'ok' : sync.problems[0]!.message,
        };
      },
      [dealt, forged, voided],
    );
    assert.equal(out.a, 'PROVEN FAIR');
    assert.deepEqual(out.b, ['reveals[1].signature']);
    assert.equal(out.c, 'VOID');
    assert.match(out.sync, /use verifyAsync/);
  });
});
