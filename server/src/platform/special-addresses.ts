import net from 'node:net';

/*
 * What kind of address an IP is, for deciding where a URL a user typed may make the server connect
 * (outbound-destinations.ts). Built from IANA's IPv4 and IPv6 Special-Purpose Address Registries (as of
 * 2026-11), plus multicast and the cloud metadata endpoints: every special-purpose range is refused, the
 * ones that are "globally reachable" included, since no trader's webhook lives in one.
 */

/** `public`: anywhere; `private`: this machine or its own networks (allowed only by the operator); `reserved`: never. */
export type AddressKind = 'public' | 'private' | 'reserved';

interface Range {
  first: bigint;
  bits: number;
  kind: Exclude<AddressKind, 'public'>;
}

/** An IPv4 address as a 32-bit number. */
function ipv4Value(address: string): bigint {
  return address.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
}

/** An IPv6 address (an embedded dotted IPv4 tail allowed) as a 128-bit number. */
function ipv6Value(address: string): bigint {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const v4 = ipv4Value(dotted);
    text = `${text.slice(0, -dotted.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

const v4 = (cidr: string, kind: Range['kind']): Range => {
  const [address = '', bits = '32'] = cidr.split('/');
  return { first: ipv4Value(address), bits: Number(bits), kind };
};
const v6 = (cidr: string, kind: Range['kind']): Range => {
  const [address = '', bits = '128'] = cidr.split('/');
  return { first: ipv6Value(address), bits: Number(bits), kind };
};

/** Most specific first: the first range that holds an address decides its kind. */
const IPV4: Range[] = [
  v4('100.100.100.200/32', 'reserved'), // Alibaba Cloud's metadata endpoint, inside 100.64.0.0/10
  v4('127.0.0.0/8', 'private'), // loopback
  v4('10.0.0.0/8', 'private'),
  v4('172.16.0.0/12', 'private'),
  v4('192.168.0.0/16', 'private'),
  v4('100.64.0.0/10', 'private'), // shared address space: carrier-grade NAT, VPN meshes such as Tailscale
  v4('0.0.0.0/8', 'reserved'), // "this network"
  v4('169.254.0.0/16', 'reserved'), // link-local: cloud metadata at 169.254.169.254
  v4('192.0.0.0/24', 'reserved'), // IETF protocol assignments (DS-Lite, PCP, TURN, NAT64 discovery)
  v4('192.0.2.0/24', 'reserved'), // documentation (TEST-NET-1)
  v4('192.31.196.0/24', 'reserved'), // AS112-v4
  v4('192.52.193.0/24', 'reserved'), // AMT
  v4('192.88.99.0/24', 'reserved'), // deprecated 6to4 relay anycast
  v4('192.175.48.0/24', 'reserved'), // direct delegation AS112 service
  v4('198.18.0.0/15', 'reserved'), // benchmarking
  v4('198.51.100.0/24', 'reserved'), // documentation (TEST-NET-2)
  v4('203.0.113.0/24', 'reserved'), // documentation (TEST-NET-3)
  v4('224.0.0.0/4', 'reserved'), // multicast
  v4('240.0.0.0/4', 'reserved'), // reserved, and the limited broadcast 255.255.255.255
];

const IPV6: Range[] = [
  v6('::1/128', 'private'), // loopback
  v6('fd00:ec2::254/128', 'reserved'), // AWS's IPv6 metadata endpoint, inside fc00::/7
  v6('fc00::/7', 'private'), // unique-local
  v6('::/96', 'reserved'), // unspecified, and the deprecated IPv4-compatible form (::10.0.0.1)
  v6('64:ff9b:1::/48', 'reserved'), // local-use IPv4/IPv6 translation
  v6('100::/64', 'reserved'), // discard-only
  v6('100:0:0:1::/64', 'reserved'), // dummy prefix
  v6('2001::/23', 'reserved'), // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID, AMT, …
  v6('2001:db8::/32', 'reserved'), // documentation
  v6('2002::/16', 'reserved'), // 6to4: an IPv4 address inside, reached through a relay
  v6('2620:4f:8000::/48', 'reserved'), // direct delegation AS112 service
  v6('3fff::/20', 'reserved'), // documentation
  v6('5f00::/16', 'reserved'), // segment routing (SRv6) SIDs
  v6('fe80::/10', 'reserved'), // link-local
  v6('fec0::/10', 'reserved'), // deprecated site-local
  v6('ff00::/8', 'reserved'), // multicast
];

const MAPPED = v6('::ffff:0:0/96', 'reserved'); // IPv4-mapped: the connection goes to the IPv4 inside
const NAT64 = v6('64:ff9b::/96', 'reserved'); // well-known NAT64 prefix: a gateway forwards to the IPv4 inside

const within = (value: bigint, range: Range, width: bigint) =>
  value >> (width - BigInt(range.bits)) === range.first >> (width - BigInt(range.bits));

function kindIn(value: bigint, ranges: Range[], width: bigint): AddressKind {
  return ranges.find((r) => within(value, r, width))?.kind ?? 'public';
}

const ipv4Kind = (value: bigint) => kindIn(value, IPV4, 32n);

/**
 * The kind of an IP address (null when `address` is not one). An IPv4 address carried in an IPv6 one is
 * judged as that IPv4 address: IPv4-mapped as it is (`::ffff:10.0.0.1` is private), NAT64 only when public
 * (a gateway forwarding into a private network is never a webhook's way). Every other form that carries an
 * IPv4 address (IPv4-compatible, 6to4, Teredo) is a special-purpose range, refused whatever it carries.
 */
export function addressKind(address: string): AddressKind | null {
  const version = net.isIP(address);
  if (version === 4) return ipv4Kind(ipv4Value(address));
  if (version !== 6) return null;
  const value = ipv6Value(address);
  const embedded = value & 0xffffffffn;
  if (within(value, MAPPED, 128n)) return ipv4Kind(embedded);
  if (within(value, NAT64, 128n)) return ipv4Kind(embedded) === 'public' ? 'public' : 'reserved';
  return kindIn(value, IPV6, 128n);
}

/**
 * One spelling per address, to compare two: `::ffff:127.0.0.1`, `::ffff:7f00:1` and `127.0.0.1` give the same
 * key (8 hex digits for IPv4, 32 for IPv6). Null when `address` is not an IP.
 */
export function addressKey(address: string): string | null {
  const version = net.isIP(address);
  if (version === 4) return ipv4Value(address).toString(16).padStart(8, '0');
  if (version !== 6) return null;
  const value = ipv6Value(address);
  if (within(value, MAPPED, 128n)) return (value & 0xffffffffn).toString(16).padStart(8, '0');
  return value.toString(16).padStart(32, '0');
}
