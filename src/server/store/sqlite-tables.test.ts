import { openSqliteTableStore } from './sqlite-tables.ts';
import { tableStoreConformance } from './table-store-conformance.ts';

tableStoreConformance('sqlite', async () => openSqliteTableStore({ path: ':memory:' }));
