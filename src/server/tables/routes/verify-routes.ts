import { describeVerdict, verify } from '../../../fair/index.ts';
import { verifyBody } from '../bodies.ts';
import { tableRoute } from '../table-route.ts';

/** `POST /v1/verify`: a transcript of an eight-deck shoe is about 15 KiB, so up to 1 MiB. */
export const verifyTranscript = tableRoute({
  method: 'post',
  path: '/v1/verify',
  id: 'verifyTranscript',
  summary: 'Verify a transcript',
  description:
    'Runs fairdeal’s verifier on { transcript, expected?: { commitment, rosterHash, dealer } }: the verdict in the words of `fairdeal verify` (status, green — true only for proven-fair — exitCode, headline, detail) and the record’s hash, or the problems.',
  auth: 'none',
  body: verifyBody,
  maxBody: 1024 * 1024,
  ok: 200,
  async handle(req) {
    const result = verify(req.body.transcript, req.body.expected ?? {});
    // The same words as `fairdeal verify` and the page (describeVerdict): one green, the rest amber.
    return {
      status: 200,
      body: result.ok
        ? {
            ok: true,
            verdict: result.verdict,
            ...describeVerdict(result.verdict),
            hash: (result.transcript as { hash: string }).hash,
          }
        : { ok: false, problems: result.problems },
    };
  },
});

/** `GET /.well-known/fairdeal-key`. */
export const signingKey = tableRoute({
  method: 'get',
  path: '/.well-known/fairdeal-key',
  id: 'signingKey',
  summary: 'The dealer’s Ed25519 public key',
  description:
    'Raw key (base64url), JWK and `dealer` (the same key in hex, as fairdeal-v3 records name it): the key that signs announcements, receipts, rosters and records.',
  auth: 'none',
  ok: 200,
  async handle(_req, s) {
    const publicKey = await s.box.publicKey();
    return {
      status: 200,
      body: {
        alg: 'Ed25519',
        publicKey,
        jwk: { kty: 'OKP', crv: 'Ed25519', x: publicKey },
        // The same key in hex, as fairdeal-v3 records name their dealer (docs/FAIR.md §V3.6).
        dealer: s.box.dealer.publicKey,
        signs: 'fairdeal-v3 announcements, receipts, rosters and records (docs/FAIR.md §V3.6)',
      },
    };
  },
});
