import { afterEach, beforeEach, vi } from 'vitest';

import { MAILCHANNELS_URL, TURNSTILE_URL } from './upstream-urls';

export interface MailSent {
  apiKey: string | null;
  body: {
    personalizations: { to: { email: string; name?: string }[] }[];
    from: { email: string; name?: string };
    reply_to?: { email: string; name?: string };
    subject: string;
    content: { type: string; value: string }[];
  };
}

/**
 * Fakes Turnstile siteverify and the MailChannels Email API at the network
 * boundary, with their real request and response shapes. Any other outbound
 * request fails the test. `turnstile` / `mail` can change between calls.
 */
export function fakeUpstreams() {
  const state = {
    turnstile: { success: true, codes: [] as string[] } as { success: boolean; codes: string[] } | 'network-error',
    mailStatus: 202,
    /** A slow MailChannels: each send waits this long before it answers. */
    mailDelayMs: 0,
    verified: [] as URLSearchParams[],
    mails: [] as MailSent[],
  };
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url === TURNSTILE_URL) {
      state.verified.push(new URLSearchParams(await request.text()));
      if (state.turnstile === 'network-error') throw new TypeError('Network connection lost.');
      return Response.json({ success: state.turnstile.success, 'error-codes': state.turnstile.codes, challenge_ts: new Date().toISOString(), hostname: 'jeepfl.ch' });
    }
    if (request.url === MAILCHANNELS_URL) {
      if (state.mailDelayMs > 0) await new Promise((r) => setTimeout(r, state.mailDelayMs));
      if (state.mailStatus !== 202) return Response.json({ errors: ['upstream trouble'] }, { status: state.mailStatus });
      state.mails.push({ apiKey: request.headers.get('X-Api-Key'), body: await request.json() });
      return new Response(null, { status: 202 });
    }
    throw new Error(`Unexpected outbound request in a test: ${request.method} ${request.url}`);
  });
  vi.stubGlobal('fetch', fake);
  return state;
}

/**
 * Fresh fakes for every test of the calling file, unstubbed (with every spy)
 * after it. Read the current ones through the returned function.
 */
export function useFakeUpstreams(): () => ReturnType<typeof fakeUpstreams> {
  let current: ReturnType<typeof fakeUpstreams> | undefined;
  beforeEach(() => {
    current = fakeUpstreams();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return () => current!;
}
