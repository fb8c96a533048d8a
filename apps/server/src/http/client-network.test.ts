import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.ts';

// Issue 67 item 1: "count a client address (IPv4 /24, IPv6 /48 …) at most once per label".
describe('a client address as the network counted once', () => {
  it('reads IPv4 by its /24, IPv4-mapped IPv6 as IPv4', () => {
    expect(clientNetwork('203.0.113.7')).toBe('net:203.0.113.0/24');
    expect(clientNetwork('203.0.113.250')).toBe('net:203.0.113.0/24');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('net:203.0.113.0/24');
    expect(clientNetwork('203.0.114.7')).not.toBe(clientNetwork('203.0.113.7'));
  });

  it('reads IPv6 by its /48', () => {
    expect(clientNetwork('2001:db8:abcd:12::1')).toBe('net:2001:db8:abcd::/48');
    expect(clientNetwork('2001:db8:abcd:ffff::2')).toBe('net:2001:db8:abcd::/48');
    expect(clientNetwork('2001:db8:abce::1')).not.toBe(clientNetwork('2001:db8:abcd::1'));
  });

  it('keeps an unparsable address as its own client', () => {
    expect(clientNetwork('unknown')).toBe('address:unknown');
  });
});
