/**
 * What kind of address an IP literal is: for the rule that a request the user did not choose
 * (the health check's redirect to another host) reaches only the public internet, never the
 * runner itself, its network or a cloud's metadata service. Pure, so it is tested as a table.
 *
 * An IPv6 address that reaches an IPv4 one is judged as that IPv4 address: IPv4-mapped
 * (`::ffff:a.b.c.d`), the deprecated IPv4-compatible form (`::a.b.c.d`) and the NAT64 prefix
 * (`64:ff9b::/96`), so `::ffff:127.0.0.1` is loopback; the local-use NAT64 prefix
 * (`64:ff9b:1::/48`) is private. The documentation ranges (192.0.2.0/24,
 * 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32) count as public: they lead nowhere inside.
 */
import { isIP } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'carrier-grade NAT'
  | 'unique-local'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'not an IP';

/** [first address, prefix length, class], the narrower before the wider. */
const V4_RANGES: readonly (readonly [string, number, AddressClass])[] = [
  ['0.0.0.0', 8, 'unspecified'], // "this network": 0.0.0.0 reaches the runner itself on Linux
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // cloud metadata services live here
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
];

function v4Number(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function v4Class(n: number): AddressClass {
  for (const [first, bits, kind] of V4_RANGES) {
    const size = 2 ** (32 - bits);
    if (Math.floor(n / size) === Math.floor(v4Number(first) / size)) return kind;
  }
  return 'public';
}

/** The eight 16-bit groups of a valid IPv6 literal (a trailing dotted quad included). */
function v6Groups(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  return [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
}

function v6Class(ip: string): AddressClass {
  const g = v6Groups(ip);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const embedded = () => v4Class(g[6]! * 65536 + g[7]!);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return embedded(); // mapped, compatible
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return embedded(); // NAT64
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'private'; // a site's own NAT64, to anything behind it
  if ((g[0]! & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'private'; // site-local, deprecated but still routed inside
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  return 'public';
}

/** The class of an IPv4 or IPv6 literal as a resolver answers it (no brackets; a `%zone` is ignored). */
export function addressClass(address: string): AddressClass {
  const ip = address.replace(/%.*$/, '');
  switch (isIP(ip)) {
    case 4:
      return v4Class(v4Number(ip));
    case 6:
      return v6Class(ip.toLowerCase());
    default:
      return 'not an IP';
  }
}

export function isPublicAddress(address: string): boolean {
  return addressClass(address) === 'public';
}
