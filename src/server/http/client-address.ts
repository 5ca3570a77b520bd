import { BlockList, isIP } from 'node:net';

/**
 * Which proxies in front of the service are believed (docs/DEPLOY.md, "Behind a proxy"):
 * `hops` proxies that every request passes (the socket's peer is the nearest), or the proxies'
 * own addresses and networks. Neither: `X-Forwarded-For` is ignored.
 */
export interface ProxyTrust {
  readonly hops: number;
  readonly proxies: readonly string[];
}

// An entry is at most an IPv6 address with a zone; anything longer is not an address, and a
// bucket key must stay small (the limiter keeps up to 100,000 of them).
const MAX_ENTRY = 64;

function normal(address: string): string {
  const a = address.trim().toLowerCase();
  // The same IPv4 client reached over a dual-stack socket is `::ffff:203.0.113.7`.
  const v4 = a.startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a;
  return v4.length > MAX_ENTRY ? v4.slice(0, MAX_ENTRY) : v4;
}

/**
 * Parses a list of proxy addresses and networks (`10.0.0.0/8`, `192.0.2.1`, `fd00::/8`) into a
 * BlockList.
 *
 * @example
 * ```ts
 * trustedProxyList(['10.0.0.0/8']).check('10.1.2.3', 'ipv4'); // true
 * ```
 * @throws {RangeError} naming the first entry that is not an address or a network.
 */
export function trustedProxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.trim().split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const n = prefix === undefined ? bits : Number(prefix);
    if (
      family === 0 ||
      extra !== undefined ||
      (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) ||
      n > bits
    ) {
      throw new RangeError(`not an IP address or network: '${entry}'`);
    }
    list.addSubnet(address, n, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

/**
 * The function that names a request's client for the rate limiter and the log. Behind proxies
 * the client is the **right-most untrusted** address of `X-Forwarded-For` plus the socket's
 * peer: each proxy appends the address it received the request from, so only the entries the
 * trusted proxies wrote are facts; everything left of them is whatever the client sent. Taking
 * the left-most entry (as before) let a client pick its own bucket: `X-Forwarded-For:
 * 10.0.0.$i, 203.0.113.7` passed 600 of 600 requests a limit of 100 should have stopped
 * (issue 27).
 *
 * With `hops` N the socket's peer and the N − 1 entries right of the client are the proxies;
 * with `proxies`, entries are skipped from the right while they are trusted — a peer that is
 * not a trusted proxy is itself the client, whatever it claims.
 *
 * @example
 * ```ts
 * const clientOf = clientAddress({ hops: 1, proxies: [] });
 * clientOf('10.0.0.2', '10.0.0.9, 203.0.113.7'); // '203.0.113.7'
 * ```
 * @throws {RangeError} for a negative hop count or a proxy entry that is not an address.
 */
export function clientAddress(
  trust: ProxyTrust,
): (peer: string | undefined, forwardedFor: string | undefined) => string {
  if (!(Number.isInteger(trust.hops) && trust.hops >= 0)) {
    throw new RangeError('trusted hops: a whole number ≥ 0');
  }
  const list = trust.proxies.length > 0 ? trustedProxyList(trust.proxies) : undefined;
  const trusted = (a: string): boolean => {
    const family = isIP(a);
    return family !== 0 && list!.check(a, family === 4 ? 'ipv4' : 'ipv6');
  };
  if (list !== undefined) {
    return (peer, forwardedFor) => {
      let client = normal(peer ?? 'local');
      if (forwardedFor === undefined || !trusted(client)) return client;
      const chain = forwardedFor.split(',');
      for (let i = chain.length - 1; i >= 0; i--) {
        const entry = normal(chain[i]!);
        if (entry === '') continue;
        client = entry;
        if (!trusted(entry)) break;
      }
      return client;
    };
  }
  if (trust.hops === 0) return (peer) => normal(peer ?? 'local');
  const hops = trust.hops;
  return (peer, forwardedFor) => {
    if (forwardedFor === undefined) return normal(peer ?? 'local');
    const chain = forwardedFor.split(',');
    // chain + peer: the peer is hop 1, the last entry hop 2, …; the client sits `hops` from the
    // right. A shorter header (a request that skipped a proxy) gives its left-most entry.
    const at = Math.max(0, chain.length - hops);
    const entry = normal(chain[at] ?? '');
    return entry === '' ? normal(peer ?? 'local') : entry;
  };
}
