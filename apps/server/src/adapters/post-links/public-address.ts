import { BlockList, isIP } from 'node:net';

// Which addresses a request made on an outsider's say-so (a link, a redirect) may go to: only those the
// public internet routes. Everything else could reach this server itself, the machines beside it, or a
// cloud metadata service (169.254.169.254), which is what a crafted link would be after.

const subnets = (family: 'ipv4' | 'ipv6', ranges: readonly (readonly [string, number])[]) => {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
};

/** IPv4 ranges that are not on the public internet (IANA's special-purpose registry, RFC 6890 and after). */
const NOT_PUBLIC_IPV4 = subnets('ipv4', [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 among it
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24], // the retired 6to4 relays
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 among it
]);

/** IPv4 written as IPv6 (`::ffff:127.0.0.1`): judged by the IPv4 address it carries. */
const IPV4_MAPPED = subnets('ipv6', [['::ffff:0:0', 96]]);

/**
 * IPv6 is allowed only inside global unicast (2000::/3), so loopback, unspecified, unique-local,
 * link-local, multicast and whatever gets assigned later outside it are refused without being listed.
 */
const GLOBAL_UNICAST_IPV6 = subnets('ipv6', [['2000::', 3]]);

/** The parts of global unicast that are still not a public host. */
const NOT_PUBLIC_GLOBAL_IPV6 = subnets('ipv6', [
  ['2001::', 23], // protocol assignments: Teredo, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, which tunnels to an IPv4 address of the sender's choosing
  ['3fff::', 20], // documentation
]);

/**
 * Whether a request may be sent to this address. Anything that is not a plain IPv4 or IPv6 address
 * (a host name, a zone index such as `fe80::1%eth0`) is not public: the caller resolves names first.
 */
export function isPublicAddress(address: string): boolean {
  if (address.includes('%')) return false;
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC_IPV4.check(address, 'ipv4');
  if (family !== 6) return false;
  // BlockList matches an IPv4-mapped address against IPv4 rules itself.
  if (IPV4_MAPPED.check(address, 'ipv6')) return !NOT_PUBLIC_IPV4.check(address, 'ipv6');
  return GLOBAL_UNICAST_IPV6.check(address, 'ipv6') && !NOT_PUBLIC_GLOBAL_IPV6.check(address, 'ipv6');
}
