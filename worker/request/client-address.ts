import type { Context } from 'hono';

/**
 * The key the rate limit counts a client by: the address Cloudflare saw
 * (`CF-Connecting-IP`). An IPv4 address is itself. An IPv6 client is its
 * /64, the block a subscriber or a server is given: rotating addresses inside
 * it costs nothing, so they all count as one.
 *
 * @example rateLimitKey('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function rateLimitKey(address: string): string {
  if (!address.includes(':') || address.length > 64) return address.slice(0, 64);
  // An IPv4 client written as IPv6 (::ffff:192.0.2.1) is that IPv4 client.
  if (address.includes('.')) return address.slice(address.lastIndexOf(':') + 1);
  const [head = '', tail] = address.toLowerCase().split('::', 2);
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The rate limit's key of the request's client. */
export const clientAddress = (c: Context) => rateLimitKey(c.req.header('CF-Connecting-IP') ?? 'unknown');
