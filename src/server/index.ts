// Public entry of the dealer service (the CLI's `serve` uses only this).
export { type AppOptions, createApp } from './app.ts';
export { configFrom, DEFAULT_CONFIG, type ServerConfig } from './config.ts';
export { type ServerHandle, type StartOptions, startServer } from './start.ts';
export {
  openSqliteStore,
  type SqliteOptions,
  type SynchronousLevel,
} from './store/sqlite/deck-store.ts';
export type { Change, Store } from './store/store.ts';
