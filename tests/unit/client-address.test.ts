import { describe, expect, it } from 'vitest';
import { rateLimitKey } from '../../worker/request/client-address';

describe('the rate limit counts a client by its address', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:0:0:0:7', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });

  it('two addresses of one IPv6 /64 share one count; another /64 does not', () => {
    expect(rateLimitKey('2001:db8:aa:bb::1')).toBe(rateLimitKey('2001:db8:aa:bb:1234:5678:9abc:def0'));
    expect(rateLimitKey('2001:db8:aa:bc::1')).not.toBe(rateLimitKey('2001:db8:aa:bb::1'));
  });
});
