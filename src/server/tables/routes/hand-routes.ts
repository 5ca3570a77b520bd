import { ApiError } from '../../deck/api-error.ts';
import type { HandRecord } from '../table-doc.ts';
import { tableRoute } from '../table-route.ts';
import { answer, OK, withOptional } from './answer-schemas.ts';

/** `GET /v1/tables/{id}/hands/{n}/transcript`. */
export const handTranscript = tableRoute({
  method: 'get',
  path: '/v1/tables/:id/hands/:n/transcript',
  id: 'handTranscript',
  summary: 'A finished or void hand’s fairdeal-v3 record',
  description:
    'Published when the hand ends or is void (409 HAND_NOT_ENDED before): the signed record (docs/FAIR.md §V3.7) — server seed, every signed commit and reveal, the roster, and every card (dealt) or the seats blamed (void). Also, after the record, the outcome (dealt, withheld or kicked), the missing players, the public log and the Dou Dizhu score.',
  auth: 'none',
  ok: 200,
  answer: withOptional(
    answer({
      ok: OK,
      transcript: {
        type: 'object',
        description: 'The fairdeal-v3 record (a dark hand: its fairdeal-dark-v1 transcript)',
      },
      outcome: { enum: ['dealt', 'withheld', 'kicked'] },
      missing: { type: 'array', items: { type: 'string' } },
      log: { type: 'array', items: { type: 'object' } },
      score: { type: ['object', 'null'] },
    }),
    {
      verdict: {
        type: 'object',
        description:
          'A dark hand: what verifying its fairdeal-dark-v1 transcript said {status, seat, code, message} (docs/DARK.md §10)',
      },
    },
  ),
  async handle(req, s) {
    const { doc } = await s.load(req.id);
    const record = await s.pastHand(doc.id, req.n);
    if (record === undefined) {
      if (doc.hand?.n === req.n) {
        throw new ApiError(
          409,
          'HAND_NOT_ENDED',
          'The transcript is published when the hand ends.',
        );
      }
      throw new ApiError(404, 'HAND_NOT_FOUND', 'No such hand.');
    }
    return {
      status: 200,
      body: {
        ok: true,
        transcript: record.transcript,
        outcome: record.outcome ?? 'dealt',
        missing: record.missing,
        log: record.log,
        score: record.score,
        ...(record.verdict === undefined ? {} : { verdict: record.verdict }),
      },
    };
  },
});

/** `GET /v1/tables/{id}/chain`. */
export const tableChain = tableRoute({
  method: 'get',
  path: '/v1/tables/:id/chain',
  id: 'tableChain',
  summary: 'The table’s hash chain',
  description:
    'Every finished or void hand’s record, in order; each names the previous one’s hash (verifyChain, `fairdeal verify` with several files).',
  auth: 'none',
  ok: 200,
  answer: answer({
    ok: OK,
    table: { type: 'string' },
    transcripts: { type: 'array', items: { type: 'object' } },
  }),
  async handle(req, s) {
    const { doc } = await s.load(req.id);
    const transcripts: unknown[] = [];
    for (let after = 0; ; ) {
      const page = await s.tables.readHands(doc.id, after, 500);
      for (const h of page) transcripts.push((JSON.parse(h.record) as HandRecord).transcript);
      if (page.length < 500) break;
      after = page.at(-1)!.n;
    }
    return { status: 200, body: { ok: true, table: doc.id, transcripts } };
  },
});

/** `GET /v1/tables/{id}/hands/{n}/commitment`: what the dealer committed to, for anyone. */
export const signedCommitment = tableRoute({
  method: 'get',
  path: '/v1/tables/:id/hands/:n/commitment',
  id: 'signedCommitment',
  summary: 'The dealer’s commitment for a hand',
  description:
    'The hand in progress: its commitment and the announcement the dealer signed (docs/FAIR.md §V3.6; checkAnnouncementV3, with the dealer key at /.well-known/fairdeal-key). A past hand: its commitment and the dealer key its record names.',
  auth: 'none',
  ok: 200,
  async handle(req, s) {
    const { doc } = await s.load(req.id);
    const n = req.n;
    if (doc.hand?.n === n) {
      const a = doc.hand.announcement;
      return {
        status: 200,
        body: { ok: true, table: doc.id, hand: n, commitment: a.commitment, announcement: a },
      };
    }
    const record = await s.pastHand(doc.id, n);
    const past = record?.transcript as
      | { server?: { commitment: string }; dealer?: string }
      | undefined;
    if (past === undefined) throw new ApiError(404, 'HAND_NOT_FOUND', 'No such hand.');
    if (past.server === undefined) {
      // A dark hand's record is its dark transcript: the commitment is its announcement's.
      return {
        status: 200,
        body: { ok: true, table: doc.id, hand: n, commitment: record!.commitment ?? '' },
      };
    }
    return {
      status: 200,
      body: {
        ok: true,
        table: doc.id,
        hand: n,
        commitment: past.server.commitment,
        ...(past.dealer === undefined ? {} : { dealer: past.dealer }),
      },
    };
  },
});
