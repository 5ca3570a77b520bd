import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { testDatabase } from '../../../../test/support/pg-database.ts';
import { binaryTextArray } from './binary-text-array.ts';

const db = await testDatabase();
after(() => db.drop());

test('binaryTextArray: PostgreSQL reads back every text[] exactly — quotes, backslashes, braces, commas, NULL, empty strings and arrays, any Unicode', {
  skip: db.skip,
}, async () => {
  const { Client } = (await import('pg')).default;
  const c = new Client({ connectionString: db.url! });
  await c.connect();
  try {
    const roundTrip = async (values: (string | null)[]) =>
      (
        await c.query<{ a: (string | null)[]; n: number }>({
          name: 'round-trip',
          text: 'SELECT $1::text[] AS a, cardinality($1::text[]) AS n',
          values: [binaryTextArray(values)],
        })
      ).rows[0]!;
    const fixed: (string | null)[][] = [
      [],
      [null],
      [''],
      ['{"a":"b\\\\c","d":[1,{"e":null}]}', null, '', 'é😀中文', ',{}" \\ NULL', 'NULL'],
    ];
    for (const values of fixed) {
      const r = await roundTrip(values);
      assert.deepEqual(r.a, values);
      assert.equal(Number(r.n), values.length);
    }
    // Seeded, bounded: 200 arrays of up to 8 strings of any code points (lone surrogates are not
    // UTF-8 and never reach a store: JSON.stringify escapes them).
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.string({ unit: 'grapheme', maxLength: 40 }), { nil: null }), {
          maxLength: 8,
        }),
        async (values) => {
          assert.deepEqual((await roundTrip(values)).a, values);
        },
      ),
      { seed: 27, numRuns: 200 },
    );
    // In a statement beside the arrays node-postgres writes itself: the unnest pairs them up.
    const r = await c.query<{ x: string | null; y: string }>(
      'SELECT x, y FROM unnest($1::text[], $2::bigint[]) AS u (x, y)',
      [binaryTextArray(['a"b', null]), [1, 2]],
    );
    assert.deepEqual(
      r.rows.map((row) => [row.x, Number(row.y)]),
      [
        ['a"b', 1],
        [null, 2],
      ],
    );
  } finally {
    await c.end();
  }
});
