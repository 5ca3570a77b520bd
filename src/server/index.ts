// Public entry of the dealer service (the CLI's `serve` uses only this).
export { type AppOptions, createApp } from './app.ts';
export { configFrom, DEFAULT_CONFIG, type ServerConfig } from './config.ts';
export { type ServerHandle, type StartOptions, startServer } from './start.ts';
export type { Change } from './store/change.ts';
export {
  openSqliteStore,
  type SqliteOptions,
  type SynchronousLevel,
} from './store/sqlite/deck-store.ts';
export type { Store } from './store/store.ts';
