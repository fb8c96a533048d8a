import ipaddr from 'ipaddr.js';

/**
 * The network a client address belongs to, as one visitor of a storyfile's learning is counted
 * (issue 67 item 1): an IPv4 /24 or an IPv6 /48, IPv4-mapped IPv6 read as IPv4. Behind
 * `TRUST_PROXY` the address is the forwarded one (`request.ip`). Anything unparsable keeps its
 * text, so it is still one client.
 */
export function clientNetwork(address: string): string {
  if (!ipaddr.isValid(address)) {
    return `address:${address}`;
  }
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = (parsed as ipaddr.IPv4).octets;
    return `net:${a}.${b}.${c}.0/24`;
  }
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 3);
  return `net:${parts.map((part) => part.toString(16)).join(':')}::/48`;
}
