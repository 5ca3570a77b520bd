// Debian's Chromium for the browser tests: where it is, whether a test may skip without it
// (outside CI only: under CI=true a missing browser fails), and a headless launch with the flags
// every test uses.
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium-args.ts';

/** Debian's Chromium (never a downloaded browser). */
export const CHROMIUM = '/usr/bin/chromium';

/** Whether this machine has it. */
export const chromiumAvailable = existsSync(CHROMIUM);

/**
 * The `skip` option of a browser suite: a reason outside CI when Chromium is missing, else false
 * (under CI=true the suite runs, and {@link launchChromium} fails it).
 *
 * @example
 * ```ts
 * describe('the page in Chromium', { skip: chromiumSkip }, () => { … });
 * ```
 */
export const chromiumSkip: string | false =
  !chromiumAvailable && process.env.CI !== 'true'
    ? `${CHROMIUM} not found: install Debian's chromium to run browser tests`
    : false;

/**
 * A headless Chromium with the house flags; fails with a clear message when it is missing.
 *
 * @example
 * ```ts
 * const browser = await launchChromium();
 * ```
 */
export function launchChromium(): Promise<Browser> {
  if (!chromiumAvailable) {
    throw new Error(`${CHROMIUM} is missing under CI=true (CI installs it: see .ci/run)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', ...CHROMIUM_ARGS],
  });
}
