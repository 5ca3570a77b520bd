import { openSqliteTableStore } from '../../../src/server/store/sqlite/table-store.ts';
import { tableStoreConformance } from './table-store-conformance.ts';

tableStoreConformance('sqlite', async () => openSqliteTableStore({ path: ':memory:' }));
