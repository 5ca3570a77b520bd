// User modules for the runner tests: the shuffles people copy from blogs, and ways code breaks.

/** A correct Durstenfeld on Math.random, shuffling in place and returning nothing. */
export default function durstenfeld(a) {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
}

/** The naive swap-with-any-position shuffle, returning the array. */
export function naive(a) {
  for (let i = 0; i < a.length; i++) {
    const j = Math.floor(Math.random() * a.length);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

export function hang() {
  for (;;) {}
}

export function exits() {
  process.exit(3);
}

export function loses(a) {
  return a.slice(1);
}

export function duplicates(a) {
  a[0] = a[1];
  return a;
}

export function throws() {
  throw new TypeError('cannot shuffle today');
}

export function throwsLater(a) {
  setTimeout(() => {
    throw new Error('thrown from a timer');
  }, 0);
  return a;
}

export const notAFunction = 42;
