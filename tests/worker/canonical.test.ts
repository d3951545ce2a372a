import { describe, expect, it } from 'vitest';
import { get, getAs, ORIGIN } from './helpers';

describe('canonical URLs', () => {
  it.each([
    ['/Team', '/team'],
    ['/Contact', '/contact'],
    ['/en/Portfolio', '/en/portfolio'],
    ['/Login', '/login'],
    ['/Register', '/register'],
    ['/Linktree', '/linktree'],
    ['/team/', '/team'],
    ['/EN/Team/', '/en/team'],
    ['/Team?ref=newsletter&x=1', '/team?ref=newsletter&x=1'],
    ['/services//digital', '/services/digital'],
  ])('%s answers 301 to %s', async (from, to) => {
    const res = await getAs('fr', from);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(to);
  });

  it('never turns a path into a redirect to another host', async () => {
    const res = await get('//evil.example/');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/evil.example');
    expect(new URL(res.headers.get('location')!, ORIGIN).host).toBe('jeepfl.ch');
  });

  it('leaves canonical paths and the home page alone', async () => {
    expect((await getAs('fr', '/')).status).toBe(200);
    expect((await getAs('en', '/en')).status).toBe(200);
    expect((await getAs('fr', '/team')).status).toBe(200);
  });

  it('answers the canonical form of a short link too', async () => {
    const res = await getAs('fr', '/LinkedIn');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/linkedin');
  });
});
