/**
 * The flags every Chromium that the tests and the browser benchmark start gets: Debian's build
 * (never a downloaded browser), as root, on a machine whose network is closed — without the
 * background-networking flags it keeps trying to reach Google's hosts and is refused, many
 * connections at a time.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
