// What every test of the page in Chromium stands on: the page built, a dealer of its own on a
// throwaway SQLite file, and a headless Chromium — made in one place, and taken down whole.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildWeb } from '../../tools/build-web.ts';
import { type Running, spawnServer, stopDealer } from '../server/spawn-server.ts';
import { launchChromium } from './chromium.ts';

/** A page test's stage: its folder, its dealer (at `origin`) and its browser. */
export interface WebStage {
  readonly dir: string;
  readonly server: Running;
  readonly origin: string;
  readonly browser: Browser;
}

/**
 * Builds the page, starts a dealer (`fairdeal serve` with `serverArgs`, on loopback) on a fresh
 * SQLite file in a temporary folder named after `name`, and launches Chromium. If a step fails,
 * what the steps before it made is taken down before the error is thrown.
 *
 * @example
 * ```ts
 * before(async () => {
 *   ({ dir, server, origin, browser } = await openWebStage('fairdeal-lobby-'));
 * });
 * after(() => closeWebStage({ browser, server, dir }));
 * ```
 * @throws what the build, the dealer's start or Chromium's launch throws.
 */
export async function openWebStage(
  name: string,
  serverArgs: readonly string[] = [],
): Promise<WebStage> {
  await buildWeb();
  const dir = mkdtempSync(join(tmpdir(), name));
  let server: Running | undefined;
  try {
    server = await spawnServer(join(dir, 'web.db'), [...serverArgs]);
    const browser = await launchChromium();
    return { dir, server, origin: server.url, browser };
  } catch (error) {
    await closeWebStage({ server, dir });
    throw error;
  }
}

/**
 * Takes down what {@link openWebStage} made, whatever of it there is: the browser, the dealer,
 * the folder.
 *
 * @example
 * ```ts
 * after(() => closeWebStage({ browser, server, dir }));
 * ```
 * @throws never for a stage that opened; what closing the browser throws otherwise.
 */
export async function closeWebStage(stage: {
  readonly browser?: Browser | undefined;
  readonly server?: Running | undefined;
  readonly dir?: string | undefined;
}): Promise<void> {
  await stage.browser?.close();
  await stopDealer(stage.server);
  if (stage.dir !== undefined && stage.dir !== '')
    rmSync(stage.dir, { recursive: true, force: true });
}
