/**
 * The algorithm id of this protocol version. It is written into every transcript and, through the
 * domain labels below, into every commitment and key: fairdeal-v2 (header.ts, commit-v2.ts) can never produce a
 * hash that a v1 verifier would accept, and a v1 transcript stays verifiable forever.
 */
export const FAIR_ALGORITHM = 'fairdeal-v1';

/**
 * Domain-separation labels (NIST SP 800-108 calls them "Label"): each hash in the protocol has
 * its own, so no value computed for one purpose can be replayed as another (a server commitment
 * can never pass as a client commitment or as a transcript hash). ASCII, written length-prefixed.
 */
export const LABELS = {
  serverCommit: 'fairdeal-v1/commit/server',
  clientCommit: 'fairdeal-v1/commit/client',
  deckKey: 'fairdeal-v1/deck-key',
  transcript: 'fairdeal-v1/transcript',
} as const;
