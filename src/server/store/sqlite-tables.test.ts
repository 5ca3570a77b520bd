import { openSqliteTableStore } from './sqlite/table-store.ts';
import { tableStoreConformance } from './table-store-conformance.ts';

tableStoreConformance('sqlite', async () => openSqliteTableStore({ path: ':memory:' }));
