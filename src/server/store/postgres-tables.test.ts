import { after } from 'node:test';
import { testDatabase } from '../../../test/support/pg-database.ts';
import { tableStoreConformance } from './conformance-tables.ts';
import { openPostgresTableStore } from './postgres-tables.ts';

const db = await testDatabase();
after(() => db.drop());

tableStoreConformance('PostgreSQL', {
  open: (now) => openPostgresTableStore({ url: db.url!, now, poolSize: 5 }),
  shared: true,
  skip: db.skip,
});
