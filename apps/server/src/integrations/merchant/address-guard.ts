/**
 * Merchant URLs must not reach loopback, link-local, private or otherwise internal
 * addresses (SSRF), unless their host, or their host and port, is allow-listed
 * (config.merchantAllowedHosts: `host` allows every port, `host:port` that port only).
 * The check runs on the addresses actually connected to (a DNS lookup hook), so a name
 * that re-resolves to a private address between check and connect is still refused.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const internal = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
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

/** The port a URL connects to (URL drops the scheme's default one). */
export const portOf = (url: URL): number =>
  url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;

/** One allow-list entry: a host (canonical, as URL.hostname gives it, IPv6 without brackets) and its port, or null = any. */
export interface AllowedHost {
  host: string;
  port: number | null;
}

/**
 * Reads one MERCHANT_ALLOWED_HOSTS entry: `host` (every port) or `host:port` (that port only).
 * IPv6 with a port needs brackets (`[::1]:8092`); a bare IPv6 address means every port.
 */
export function parseAllowedHost(entry: string): AllowedHost | null {
  const text = entry.trim().toLowerCase();
  if (isIP(text) === 6)
    return { host: new URL(`http://[${text}]`).hostname.slice(1, -1), port: null };
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?$/.exec(text);
  if (!m) return null;
  const port = m[2] === undefined ? null : Number(m[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  try {
    const url = new URL(`http://${m[1]}`);
    return { host: hostOf(url), port };
  } catch {
    return null;
  }
}

export const isAllowedHostEntry = (entry: string): boolean => parseAllowedHost(entry) !== null;

/** True when the URL's host, and its port if the entry names one, is on the allow-list. */
export function isAllowedTarget(url: URL, allowedHosts: readonly string[]): boolean {
  const host = hostOf(url);
  const port = portOf(url);
  return allowedHosts.some((entry) => {
    const allowed = parseAllowedHost(entry);
    return (
      allowed !== null && allowed.host === host && (allowed.port === null || allowed.port === port)
    );
  });
}

/** Throws BlockedAddress for an IP-literal URL pointing inside, unless allowed. */
export function checkUrlHost(url: URL, allowedHosts: readonly string[]): void {
  if (isAllowedTarget(url, allowedHosts)) return;
  const host = hostOf(url);
  if (isIP(host) !== 0 && isInternalAddress(host))
    throw new BlockedAddress(`Callback address ${host} is internal and not allowed`);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A dns.lookup for http.request to `url` that refuses internal addresses unless the URL's host (and port) is allowed. */
export function guardedLookup(url: URL, allowedHosts: readonly string[]) {
  const allowed = isAllowedTarget(url, allowedHosts);
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const bad = addresses.find((a) => isInternalAddress(a.address));
      if (bad && !allowed)
        return callback(
          new BlockedAddress(
            `Callback host ${hostname} resolves to internal address ${bad.address}`,
          ),
          [],
        );
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(
          Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }),
          [],
        );
      callback(null, first.address, first.family);
    });
  };
}
