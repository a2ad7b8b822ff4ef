/**
 * Merchant URLs must not reach loopback, link-local, private or otherwise internal
 * addresses (SSRF), unless their host is allow-listed (config.merchantAllowedHosts).
 * The check runs on the addresses actually connected to (a DNS lookup hook), so a name
 * that re-resolves to a private address between check and connect is still refused.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const internal = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) internal.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) {
  internal.addSubnet(net, prefix, 'ipv6');
}

export class BlockedAddress extends Error {}

/** True for loopback, link-local, private, CGNAT, multicast and unspecified addresses. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return internal.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

export function isAllowedHost(host: string, allowedHosts: readonly string[]): boolean {
  return allowedHosts.some((h) => h.toLowerCase() === host);
}

/** Throws BlockedAddress for an IP-literal URL pointing inside, unless allowed. */
export function checkUrlHost(url: URL, allowedHosts: readonly string[]): void {
  const host = hostOf(url);
  if (isAllowedHost(host, allowedHosts)) return;
  if (isIP(host) !== 0 && isInternalAddress(host)) throw new BlockedAddress(`Callback address ${host} is internal and not allowed`);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A dns.lookup for http.request that refuses internal addresses unless the host is allowed. */
export function guardedLookup(allowedHosts: readonly string[]) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const allowed = isAllowedHost(hostname.toLowerCase(), allowedHosts);
      const bad = addresses.find((a) => isInternalAddress(a.address));
      if (bad && !allowed) return callback(new BlockedAddress(`Callback host ${hostname} resolves to internal address ${bad.address}`), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}
