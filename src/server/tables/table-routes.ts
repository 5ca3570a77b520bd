import type { Context } from 'hono';
import { Hono } from 'hono';
import { describeVerdict, verify } from '../../fair/index.ts';
import { type RandomSource, secureRandom } from '../../index.ts';
import { ApiError } from '../deck/api-error.ts';
import type { Notifier } from '../notifier.ts';
import type { TableStore } from '../store/table-store.ts';
import { answerKey, applyAction, tableEvents } from './apply-action.ts';
import { authorize, requireHost } from './authorize.ts';
import { createTableDoc } from './create-table.ts';
import { eventData } from './event-data.ts';
import { eventStream } from './event-stream.ts';
import { dueAt, type StepContext } from './hand-flow.ts';
import { readJsonBody } from './json-body.ts';
import { requestHash } from './request-hash.ts';
import type { SealedTableDocument } from './sealed-table-doc.ts';
import { sealedTableStore } from './sealed-table-store.ts';
import { claimSeat, kickSeat } from './seats.ts';
import type { SecretBox } from './secret-box.ts';
import type { HandRecord, TableDocument } from './table-doc.ts';
import { generationOf, nextGenerations } from './token-generation.ts';
import { newToken, tokenHash } from './tokens.ts';
import { view } from './view.ts';
import { audienceOf } from './viewer.ts';

/** What the table routes need. */
export interface TableRouteOptions {
  /** The store as it is; the routes seal what they store with `box` (sealed-table-store.ts). */
  readonly tables: TableStore<SealedTableDocument>;
  readonly notifier: Notifier;
  readonly box: SecretBox;
  /** Table ids (tests pass a seeded source). Never server seeds: those are secure (§3). */
  readonly source?: RandomSource;
  /** TESTS ONLY: server seeds from this (seeded) source, for reproducible hands. */
  readonly testOnlySource?: RandomSource;
  /** ms since the epoch. */
  readonly now?: () => number;
  /** SSE heartbeat interval (default 15 s). */
  readonly heartbeatMs?: number;
  /** Event retention: every `every` versions keep the last `keep` per audience (100, 1000). */
  readonly retention?: { readonly every: number; readonly keep: number };
}

const TICKET_TTL_MS = 30_000;
const PRUNE_EVERY = 100;
const KEEP_EVENTS = 1000;
const KEEP_ANSWERS = 100;
const MAX_BODY = 16 * 1024;
const MAX_VERIFY_BODY = 1024 * 1024;

const jsonBody = async (c: Context, max = MAX_BODY) => (await readJsonBody(c, max)).value;

const json = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });

/**
 * fairdeal's own table API under `/v1` (docs/TABLES.md): tables and seats, the fair hand flow,
 * actions, transcripts and the chain, verification, stream tickets and per-seat event streams.
 * Mounted by app.ts; every body about a table is made by `view()`.
 *
 * @example
 * ```ts
 * app.route('/', tableRoutes({ tables, notifier, box }));
 * ```
 * @throws never (errors are ApiErrors, turned into JSON by the app).
 */
export function tableRoutes(options: TableRouteOptions): Hono {
  // One codec at the store's door: what is stored is sealed, what the steps and view() see is
  // opened (docs/TABLES.md, "Keys").
  const o = { ...options, tables: sealedTableStore(options.tables, options.box) };
  const app = new Hono({ strict: false });
  const now = o.now ?? Date.now;
  const ctx = (): StepContext => ({
    now: now(),
    seal: o.box.seal,
    open: o.box.open,
    dealer: o.box.dealer,
    previousDealers: o.box.previousDealers,
    ...(o.testOnlySource === undefined ? {} : { testOnlySource: o.testOnlySource }),
  });
  const load = async (id: string): Promise<{ doc: TableDocument; version: number }> => {
    const row = await o.tables.readTable(id);
    if (row === undefined) throw new ApiError(404, 'TABLE_NOT_FOUND', 'No such table.');
    return { doc: row.doc, version: row.version };
  };
  const newId = (): string => {
    const words = new Uint32Array(4);
    (o.source ?? secureRandom).fillUint32(words);
    return Array.from(words, (w) => w.toString(36).padStart(7, '0')).join('');
  };
  // Retention: every PRUNE_EVERY versions, each audience keeps its last KEEP_EVENTS events; a
  // stream that asks for an older id gets a reset with a fresh view (event-stream.ts).
  const prune = async (id: string) => {
    const row = await o.tables.readTable(id);
    if (row === undefined) return;
    const seq = row.doc.eventSeq;
    const keep = o.retention?.keep ?? KEEP_EVENTS;
    for (const [audience, last] of Object.entries(seq)) {
      if (last > keep) await o.tables.pruneEvents(id, audience, last - keep);
    }
    // A retry comes within seconds; one older than KEEP_ANSWERS changes carries a version that
    // is stale by then, so it is refused (409), never acted on twice.
    if (row.version > KEEP_ANSWERS) await o.tables.pruneAnswers(id, row.version - KEEP_ANSWERS);
  };
  const pastHand = async (id: string, n: number): Promise<HandRecord | undefined> => {
    if (!Number.isSafeInteger(n) || n < 1) return undefined;
    const text = await o.tables.readHand(id, n);
    return text === undefined ? undefined : (JSON.parse(text) as HandRecord);
  };
  const notify = (id: string) => o.notifier.notify(`table:${id}`).catch(() => {});

  app.post('/v1/tables', async (c) => {
    const body = await jsonBody(c);
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = newId();
      const made = createTableDoc(id, body, ctx());
      const first = tableEvents(made.doc, 1, { type: 'created', seat: null });
      if (await o.tables.createTable(id, first.doc, first.events, dueAt(first.doc))) {
        return json(
          {
            ok: true,
            tableId: id,
            hostToken: made.hostToken,
            // One single-use invite per seat, for the host to hand out: each player claims a
            // seat with it on their own device; the host never holds a seat's token.
            invites: made.invites.map((invite, seat) => ({ seat, invite })),
            table: view(first.doc, { kind: 'host' }, 1),
          },
          201,
        );
      }
    }
    throw new Error('could not draw a free table id');
  });

  app.get('/v1/tables/:id', async (c) => {
    const { doc, version } = await load(c.req.param('id'));
    const viewer = authorize(doc, c.req.header('authorization'));
    return json({ ok: true, table: view(doc, viewer, version) });
  });

  app.post('/v1/tables/:id/actions', async (c) => {
    const id = c.req.param('id');
    const { value: body, bytes } = await readJsonBody(c, MAX_BODY);
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !/^[\x21-\x7e]{1,128}$/.test(key)) {
      throw new ApiError(400, 'BAD_REQUEST', 'Idempotency-Key: 1 to 128 visible ASCII characters.');
    }
    const auth = c.req.header('authorization');
    const step = ctx();
    const answer = key === undefined ? undefined : answerKey(auth, key);
    const idempotency =
      answer === undefined
        ? undefined
        : { key: answer, request: requestHash(c.req.method, c.req.path, bytes) };
    const r = await o.tables.withTable(
      id,
      (row) =>
        applyAction(
          row,
          {
            viewer: authorize(row.doc, auth),
            expectedVersion: body.version,
            idempotency,
            body,
          },
          step,
        ),
      { answerKey: answer },
    );
    if (!r.found) throw new ApiError(404, 'TABLE_NOT_FOUND', 'No such table.');
    if (o.tables.notifiesOnChange !== true) await notify(id);
    if (r.version % (o.retention?.every ?? PRUNE_EVERY) === 0) await prune(id);
    return json(r.value.body, r.value.status);
  });

  // A player claims a seat with its invite and the public key made on its device; the seat token
  // is made for the claimer alone (seats.ts). The invite is the credential: no bearer token.
  app.post('/v1/tables/:id/seats/:seat/claim', async (c) => {
    const id = c.req.param('id');
    const seat = Number(c.req.param('seat'));
    const { value: body } = await readJsonBody(c, MAX_BODY);
    const step = ctx();
    const r = await o.tables.withTable(id, (row) => {
      const doc = row.doc;
      const claimed = claimSeat(doc, seat, body, step);
      const version = row.version + 1;
      const { doc: saved, events } = tableEvents(claimed.doc, version, claimed.action);
      return {
        next: saved,
        events,
        dueAt: dueAt(claimed.doc),
        result: { token: claimed.token, table: view(claimed.doc, { kind: 'seat', seat }, version) },
      };
    });
    if (!r.found) throw new ApiError(404, 'TABLE_NOT_FOUND', 'No such table.');
    if (o.tables.notifiesOnChange !== true) await notify(id);
    return json({ ok: true, seat, seatToken: r.value.token, table: r.value.table }, 201);
  });

  // Revocation is immediate: the old token stops working at once — for requests (they authorize
  // against the document), and for what it opened before: its generation moves on, so its
  // tickets are refused and its open streams, woken here in every process, end (event-stream.ts).
  const ended = async (id: string, audience: string) => {
    // The generation is what refuses a ticket minted before; dropping the unused ones is tidiness.
    await o.tables.dropTickets(id, audience);
    if (o.tables.notifiesOnChange !== true) await notify(id);
  };

  // A seat replaces its own token (a device lost, a token leaked): the new one is for it alone.
  app.post('/v1/tables/:id/seats/:seat/token', async (c) => {
    const id = c.req.param('id') ?? '';
    const seat = Number(c.req.param('seat'));
    const auth = c.req.header('authorization');
    const token = newToken('seat');
    const audience = `seat:${seat}`;
    const r = await o.tables.withTable(id, (row) => {
      const doc = row.doc;
      const viewer = authorize(doc, auth);
      if (viewer.kind !== 'seat' || viewer.seat !== seat) {
        throw new ApiError(
          403,
          'FORBIDDEN',
          'Only the seat itself replaces its token (the host kicks a seat instead).',
        );
      }
      const seatTokens = doc.seatTokens.map((h, i) => (i === seat ? tokenHash(token) : h));
      const tokenGenerations = nextGenerations(doc.tokenGenerations, audience);
      return {
        next: { ...doc, seatTokens, tokenGenerations },
        tokenGenerations,
        result: null,
      };
    });
    if (!r.found) throw new ApiError(404, 'TABLE_NOT_FOUND', 'No such table.');
    await ended(id, audience);
    return json({ ok: true, seat, seatToken: token });
  });

  // The host kicks a seat: publicly recorded, the hand in progress void (never "did not reveal"),
  // the seat open again under a fresh invite (returned to the host). DELETE …/token says the same.
  const kick = async (c: Context) => {
    const id = c.req.param('id') ?? '';
    const seat = Number(c.req.param('seat'));
    const auth = c.req.header('authorization');
    const audience = `seat:${seat}`;
    const step = ctx();
    const r = await o.tables.withTable(id, (row) => {
      const doc = row.doc;
      requireHost(doc, auth);
      const k = kickSeat(doc, seat, step);
      const tokenGenerations = nextGenerations(doc.tokenGenerations, audience);
      const next = { ...k.doc, tokenGenerations };
      const { doc: saved, events } = tableEvents(next, row.version + 1, k.action);
      return {
        next: saved,
        events,
        dueAt: dueAt(next),
        tokenGenerations,
        ...(k.record === undefined
          ? {}
          : { hands: [{ n: k.record.n, record: JSON.stringify(k.record) }] }),
        result: k.invite,
      };
    });
    if (!r.found) throw new ApiError(404, 'TABLE_NOT_FOUND', 'No such table.');
    await ended(id, audience);
    return json({ ok: true, seat, kicked: true, invite: r.value });
  };
  app.post('/v1/tables/:id/seats/:seat/kick', kick);
  app.delete('/v1/tables/:id/seats/:seat/token', kick);

  app.get('/v1/tables/:id/hands/:n/transcript', async (c) => {
    const { doc } = await load(c.req.param('id'));
    const n = Number(c.req.param('n'));
    const record = await pastHand(doc.id, n);
    if (record === undefined) {
      const inPlay = doc.hand?.n === n;
      throw new ApiError(
        inPlay ? 409 : 404,
        inPlay ? 'HAND_NOT_ENDED' : 'HAND_NOT_FOUND',
        inPlay ? 'The transcript is published when the hand ends.' : 'No such hand.',
      );
    }
    return json({
      ok: true,
      transcript: record.transcript,
      outcome: record.outcome ?? 'dealt',
      missing: record.missing,
      log: record.log,
      score: record.score,
    });
  });

  app.get('/v1/tables/:id/chain', async (c) => {
    const { doc } = await load(c.req.param('id'));
    const transcripts: unknown[] = [];
    for (let after = 0; ; ) {
      const page = await o.tables.readHands(doc.id, after, 500);
      for (const h of page) transcripts.push((JSON.parse(h.record) as HandRecord).transcript);
      if (page.length < 500) break;
      after = page.at(-1)!.n;
    }
    return json({ ok: true, table: doc.id, transcripts });
  });

  // What the dealer committed to, for anyone (no token): the signed announcement of the hand in
  // progress, or the server commitment and dealer key a past hand's record carries.
  app.get('/v1/tables/:id/hands/:n/commitment', async (c) => {
    const { doc } = await load(c.req.param('id'));
    const n = Number(c.req.param('n'));
    if (doc.hand?.n === n) {
      const a = doc.hand.announcement;
      return json({ ok: true, table: doc.id, hand: n, commitment: a.commitment, announcement: a });
    }
    const past = (await pastHand(doc.id, n))?.transcript as
      | { server: { commitment: string }; dealer?: string }
      | undefined;
    if (past === undefined) throw new ApiError(404, 'HAND_NOT_FOUND', 'No such hand.');
    return json({
      ok: true,
      table: doc.id,
      hand: n,
      commitment: past.server.commitment,
      ...(past.dealer === undefined ? {} : { dealer: past.dealer }),
    });
  });

  app.post('/v1/verify', async (c) => {
    // A transcript of an eight-deck shoe is about 15 KiB: verification takes up to 1 MiB.
    const body = await jsonBody(c, MAX_VERIFY_BODY);
    const expected = (body.expected ?? {}) as Record<string, unknown>;
    const result = verify(body.transcript, {
      ...(typeof expected.commitment === 'string' ? { commitment: expected.commitment } : {}),
      ...(typeof expected.rosterHash === 'string' ? { rosterHash: expected.rosterHash } : {}),
      ...(typeof expected.dealer === 'string' ? { dealer: expected.dealer } : {}),
    });
    // The same words as `fairdeal verify` and the page (describeVerdict): one green, the rest amber.
    return json(
      result.ok
        ? {
            ok: true,
            verdict: result.verdict,
            ...describeVerdict(result.verdict),
            hash: (result.transcript as { hash: string }).hash,
          }
        : { ok: false, problems: result.problems },
    );
  });

  app.get('/.well-known/fairdeal-key', async (c) =>
    c.json({
      alg: 'Ed25519',
      publicKey: await o.box.publicKey(),
      jwk: { kty: 'OKP', crv: 'Ed25519', x: await o.box.publicKey() },
      // The same key in hex, as fairdeal-v3 records name their dealer (docs/FAIR.md §V3.6).
      dealer: o.box.dealer.publicKey,
      signs: 'fairdeal-v3 announcements, receipts, rosters and records (docs/FAIR.md §V3.6)',
    }),
  );

  app.post('/v1/tables/:id/tickets', async (c) => {
    const { doc } = await load(c.req.param('id'));
    const audience = audienceOf(authorize(doc, c.req.header('authorization')));
    const ticket = newToken('ticket');
    // Minted under the generation of the token just checked, in the same document: a revocation
    // committed after that read moves the generation on, and the ticket is refused at use.
    await o.tables.createTicket(
      tokenHash(ticket),
      doc.id,
      audience,
      now() + TICKET_TTL_MS,
      generationOf(doc.tokenGenerations, audience),
    );
    return json({ ok: true, ticket, expiresInSeconds: TICKET_TTL_MS / 1000 });
  });

  app.get('/v1/tables/:id/events', async (c) => {
    const { doc } = await load(c.req.param('id'));
    let audience: string;
    let generation: number;
    const ticket = c.req.query('ticket');
    if (ticket !== undefined) {
      const t = await o.tables.consumeTicket(tokenHash(ticket), now());
      if (t === undefined || t.tableId !== doc.id) {
        throw new ApiError(401, 'UNAUTHORIZED', 'That ticket is unknown, used or expired.');
      }
      if (t.generation !== generationOf(doc.tokenGenerations, t.audience)) {
        throw new ApiError(
          401,
          'UNAUTHORIZED',
          'That ticket was made with a token that has since been revoked or reissued.',
        );
      }
      ({ audience, generation } = t);
    } else {
      audience = audienceOf(authorize(doc, c.req.header('authorization')));
      generation = generationOf(doc.tokenGenerations, audience);
    }
    const lastHeader = c.req.header('last-event-id') ?? c.req.query('after') ?? '0';
    const last = /^\d{1,15}$/.test(lastHeader) ? Number(lastHeader) : 0;
    if ((c.req.header('accept') ?? '').includes('text/event-stream')) {
      return eventStream({
        tables: o.tables,
        notifier: o.notifier,
        tableId: doc.id,
        audience,
        last,
        generation,
        heartbeatMs: o.heartbeatMs ?? 15_000,
        signal: c.req.raw.signal,
      });
    }
    const page = await o.tables.readEvents(doc.id, audience, last, 500);
    // Checked again AFTER the read, as a stream does: a revocation that committed between the
    // authorization above and the read could otherwise let this page carry events written after it.
    const generations = await o.tables.readTokenGenerations(doc.id);
    if (generations === undefined || generationOf(generations, audience) !== generation) {
      throw new ApiError(401, 'UNAUTHORIZED', 'That token was revoked or reissued.');
    }
    return json({
      ok: true,
      events: page.events.map((e) => ({ id: e.id, type: e.type, data: eventData(e) })),
    });
  });
  return app;
}
