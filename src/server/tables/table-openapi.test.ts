import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, playFair, seatedTable, seatKey } from '../../../test/support/seated-table.ts';
import { type Json, testApp } from '../../../test/support/test-table.ts';
import { openApiDocument } from '../openapi.ts';
import { TABLE_ROUTES } from './routes/table-route-list.ts';

test('openapi: every table route the app registers is documented with its method, and no other', () => {
  const t = testApp('openapi');
  const doc = openApiDocument('1');
  const registered = t.app.routes
    .filter((r) => r.path.startsWith('/v1/') || r.path.startsWith('/.well-known/'))
    .map((r) => `${r.method.toLowerCase()} ${r.path}`)
    .sort();
  const documented = TABLE_ROUTES.map((r) => `${r.method} ${r.path}`).sort();
  assert.deepEqual(registered, documented);
  for (const r of TABLE_ROUTES) {
    const item = doc.paths[r.path.replace(/:([a-z_]+)/g, '{$1}')];
    assert.ok(item?.[r.method], `${r.method} ${r.path}`);
  }
});

/** The operation as the OpenAPI document has it. */
function operation(id: string): Json {
  const doc = openApiDocument('1');
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item) as Json[]) if (op.operationId === id) return op;
  }
  assert.fail(`no operation ${id}`);
}

/** The documented success answer's schema. */
function answerSchema(id: string): Json {
  const op = operation(id);
  const [status] = Object.keys(op.responses).filter((s) => s !== '4XX');
  const schema = op.responses[status!].content['application/json'].schema;
  assert.ok(schema !== undefined, `${id}: its answer is documented`);
  return schema;
}

/** The answer has every documented required key and none undocumented. */
function answersAsDocumented(id: string, status: number, json: Json): void {
  const schema = answerSchema(id);
  const op = operation(id);
  assert.ok(op.responses[String(status)], `${id}: answered ${status}, as documented`);
  const keys = Object.keys(json).sort();
  for (const k of schema.required) assert.ok(keys.includes(k), `${id}: ${k} documented, missing`);
  for (const k of keys) assert.ok(k in schema.properties, `${id}: ${k} answered, not documented`);
}

test('openapi: the seat routes — claim, kick, the seat’s own reissue — are documented with their bodies and answer as documented', async () => {
  const claim = operation('claimSeat');
  const body = claim.requestBody.content['application/json'].schema;
  // The invite, or at a room its code: which one is the step's to check (400 for neither or both).
  assert.deepEqual(body.required, ['publicKey']);
  assert.deepEqual(Object.keys(body.properties).sort(), [
    'code',
    'invite',
    'name',
    'player',
    'publicKey',
  ]);
  assert.equal(claim.security, undefined, 'a claim carries its invite, not a token');
  assert.match(claim.description, /Auth: the invite, in the body/);
  const kick = operation('kickSeat');
  assert.equal(kick.requestBody, undefined, 'a kick takes no body');
  assert.deepEqual(kick.security, [{ bearer: [] }]);
  assert.match(kick.description, /Auth: host/);
  assert.match(operation('revokeSeatToken').summary, /Kick a seat/);
  const reissue = operation('reissueSeatToken');
  assert.match(reissue.description, /Auth: seat \(/);
  assert.match(reissue.description, /The host cannot/);
  const actionBody = operation('tableAction').requestBody.content['application/json'].schema;
  for (const type of ['void', 'timeout', 'back']) {
    assert.ok(
      actionBody.oneOf.some((v: Json) => v.allOf[0].properties.type.const === type),
      `${type} is a documented action`,
    );
  }
  assert.match(
    operation('tableAction').description,
    /timeout \(seat or host, after the turn clock/,
  );
  const created = operation('createTable').requestBody.content['application/json'].schema;
  assert.equal(created.properties.turnSeconds.default, 30);

  // Each route's live answer holds exactly the documented keys.
  const t = testApp('openapi answers');
  const made = await t.call('POST', '/v1/tables', { preset: 'holdem', options: { seats: 2 } });
  answersAsDocumented('createTable', made.status, made.json);
  const id = made.json.tableId;
  const tokens: string[] = [];
  const keys = [];
  for (const { seat, invite } of made.json.invites) {
    const key = await seatKey(`openapi ${seat}`);
    const c = await t.call('POST', `/v1/tables/${id}/seats/${seat}/claim`, {
      invite,
      publicKey: key.publicKey,
    });
    answersAsDocumented('claimSeat', c.status, c.json);
    tokens.push(c.json.seatToken);
    keys.push(key);
  }
  const host = made.json.hostToken;
  const seated = { id, hostToken: host, seatTokens: tokens, keys, table: null };
  const { table } = await playFair(t.call, seated);
  const end = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'end-hand', version: table.version },
    bearer(host),
  );
  answersAsDocumented('tableAction', end.status, end.json);
  const tr = await t.call('GET', `/v1/tables/${id}/hands/1/transcript`);
  answersAsDocumented('handTranscript', tr.status, tr.json);
  const re = await t.call('POST', `/v1/tables/${id}/seats/0/token`, undefined, bearer(tokens[0]!));
  answersAsDocumented('reissueSeatToken', re.status, re.json);
  const k1 = await t.call('POST', `/v1/tables/${id}/seats/1/kick`, undefined, bearer(host));
  answersAsDocumented('kickSeat', k1.status, k1.json);
  const k0 = await t.call('DELETE', `/v1/tables/${id}/seats/0/token`, undefined, bearer(host));
  answersAsDocumented('revokeSeatToken', k0.status, k0.json);
  // And a commit's and a reveal's answers, with their receipts, are as documented too.
  const actions: { status: number; json: Json }[] = [];
  const recording: typeof t.call = async (...args) => {
    const r = await t.call(...args);
    if (args[1].endsWith('/actions')) actions.push(r);
    return r;
  };
  await playFair(recording, await seatedTable(t.call, { preset: 'doudizhu' }));
  assert.equal(actions.length, 6);
  for (const a of actions) {
    answersAsDocumented('tableAction', a.status, a.json);
    assert.ok(a.json.receipt !== undefined);
  }
});
