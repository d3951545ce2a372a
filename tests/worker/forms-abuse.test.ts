import { describe, expect, it, vi } from 'vitest';
import { contact, load, poster, request, useEmptyOutbox } from './forms-helpers';
import { useFakeUpstreams } from './upstreams';

/** What a bot or a flood does to the forms: every post counted, every honeypot value caught. */
const { post, postJson } = poster('192.0.5');
const upstream = useFakeUpstreams();
useEmptyOutbox();

const json = { 'Content-Type': 'application/json', Accept: 'application/json' };

describe('the rate limit counts every post to /api/*, before the body is read', () => {
  it('refused bodies count: after five invalid posts, a valid one gets 429', async () => {
    const ip = '203.0.113.21';
    const bodies = [
      '{}',
      'not json',
      JSON.stringify({ ...contact, email: 'nope' }),
      JSON.stringify({ ...contact, message: 'x'.repeat(40_000) }),
      JSON.stringify([1, 2]),
    ];
    const statuses: number[] = [];
    for (const body of bodies) statuses.push((await post('/api/contact', body, json, { ip })).status);
    expect(statuses).toEqual([400, 400, 400, 413, 400]);
    const res = await post('/api/contact', JSON.stringify(contact), json, { ip });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
    expect(upstream().verified).toHaveLength(0);
    expect(upstream().mails).toHaveLength(0);
  });

  it('a body of another type counts too', async () => {
    const ip = '203.0.113.22';
    for (let i = 0; i < 5; i++)
      expect((await post('/api/translation-estimate', 'x', { 'Content-Type': 'text/plain' }, { ip })).status).toBe(415);
    expect((await post('/api/translation-estimate', JSON.stringify(request), json, { ip })).status).toBe(429);
  });

  it('addresses of one IPv6 /64 share one count', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await post('/api/contact', '{}', json, { ip: `2001:db8:77:1::${i.toString(16)}` })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await post('/api/contact', '{}', json, { ip: '2001:db8:77:2::1' })).status).toBe(400);
  });

  it('posts to an address that is no form count as well', async () => {
    const ip = '203.0.113.23';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post('/api/anything', '{}', json, { ip })).status);
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a visitor without JavaScript who is refused gets the page back with what they typed', async () => {
    const ip = '203.0.113.24';
    const form = new URLSearchParams({ ...contact, locale: 'en', page: 'contact', 'cf-turnstile-response': '' }).toString();
    let res: Response | undefined;
    for (let i = 0; i < 6; i++)
      res = await post('/api/contact', form, { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' }, { ip });
    expect(res!.status).toBe(429);
    const html = await res!.text();
    expect(html).toContain('Too many submissions in a short time. Please wait a minute and try again.');
    expect(html).toContain('value="Camille"');
    expect(html).toContain('Nous aimerions refaire notre site.');
  });
});

describe('the honeypot: any value other than absent or empty is a bot', () => {
  it.each([
    ['a list', ['x']],
    ['a number', 1],
    ['zero', 0],
    ['true', true],
    ['false', false],
    ['null', null],
    ['an object', { a: 1 }],
    ['an empty list', []],
    ['a string', 'https://spam.example'],
    ['a space', ' '],
  ])('%s: a fake success, nothing kept or mailed', async (_, website) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await postJson('/api/contact', { ...contact, website });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect(await load(id)).toBeNull();
    expect(upstream().verified).toHaveLength(0);
    expect(upstream().mails).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ event: 'form.honeypot', form: 'contact' }));
  });

  it('a bot is answered as a success even when the rest of its post is wrong: errors would tell it what to fix', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const body of [{ ...contact, website: 'x', email: 'nope', 'cf-turnstile-response': '' }, { website: 1 }]) {
      const res = await postJson('/api/contact', body);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ok: true });
    }
    const form = new URLSearchParams({ website: 'https://spam.example', firstName: 'x', locale: 'en', page: 'contact' }).toString();
    const html = await post('/api/contact', form, { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' });
    expect(html.status).toBe(303);
    expect(html.headers.get('location')).toBe('/en/contact?sent=contact#contact-form');
    expect(upstream().verified).toHaveLength(0);
    expect(upstream().mails).toHaveLength(0);
  });

  it('a file in the honeypot of a multipart post is a bot too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const form = new FormData();
    for (const [k, v] of Object.entries(contact)) form.append(k, v);
    form.append('website', new File(['x'], 'x.txt'));
    const res = await post('/api/contact', form, { Accept: 'application/json' });
    expect(res.status).toBe(200);
    expect(upstream().mails).toHaveLength(0);
  });

  it("absent or empty, as a person's browser sends it, the post goes through", async () => {
    expect((await postJson('/api/contact', { ...contact, website: '' })).status).toBe(200);
    expect((await postJson('/api/contact', contact)).status).toBe(200);
    expect(upstream().mails).toHaveLength(4);
  });
});
