import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { storeConformance } from './conformance.ts';
import { openMemoryStore } from './memory.ts';
import { openSqliteStore } from './sqlite/deck-store.ts';

// The same cases as postgres.test.ts runs against PostgreSQL.
const dir = mkdtempSync(join(tmpdir(), 'fairdeal-conformance-'));
after(() => rmSync(dir, { recursive: true, force: true }));

storeConformance('SQLite', {
  open: async (now) => openSqliteStore({ path: join(dir, 'c.db'), now }),
  shared: true,
});
storeConformance('in-memory', { open: async (now) => openMemoryStore({ now }), shared: false });
