import { afterEach, beforeEach, vi } from 'vitest';

import { CHAT_URLS, DISCORD_URL, GOOGLE_CHAT_URL, MAILCHANNELS_URL, TEAMS_URL, TURNSTILE_URL } from './upstream-urls';

/**
 * What each chat answers when it takes a message: Slack and Mattermost 200
 * `ok`, Discord 204 without a body, Google Chat 200 with the message it made,
 * Teams Workflows 202 (to anything, a body it cannot read included).
 */
function chatAnswer(url: string): Response {
  if (url === href(DISCORD_URL)) return new Response(null, { status: 204 });
  if (url === href(GOOGLE_CHAT_URL)) return Response.json({ name: 'spaces/AAAA/messages/xyz.xyz', text: '…' });
  if (url === href(TEAMS_URL)) return new Response(null, { status: 202 });
  return new Response('ok', { status: 200 });
}
/** As `Request.url` writes an address (Teams' `:443` dropped). */
const href = (url: string) => new URL(url).href;

/** Waits `ms` before answering, unless the caller's signal gives up first: then the caller's fetch rejects, as a real one does. */
function answerAfter(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export interface MailSent {
  apiKey: string | null;
  body: {
    personalizations: { to: { email: string; name?: string }[] }[];
    from: { email: string; name?: string };
    reply_to?: { email: string; name?: string };
    subject: string;
    headers?: Record<string, string>;
    content: { type: string; value: string }[];
  };
}

/**
 * The widget's `action` that a fake token carries: Turnstile seals the action
 * into the token and siteverify gives it back, so a test token is written
 * `<action>:<anything>` (`contact:token-ok`); without a colon, the widget had
 * no action and siteverify answers `''`.
 */
const tokenAction = (token: string) => (token.includes(':') ? token.slice(0, token.indexOf(':')) : '');

/**
 * Fakes Turnstile siteverify, the MailChannels Email API and the chat's
 * incoming webhook at the network boundary, with their real request and
 * response shapes. Any other outbound
 * request fails the test. `turnstile` / `mail` can change between calls.
 */
export function fakeUpstreams() {
  const state = {
    turnstile: { success: true, codes: [] as string[] } as { success: boolean; codes: string[] } | 'network-error',
    mailStatus: 202,
    /** What MailChannels says when it refuses (mailStatus other than 202). */
    mailError: { errors: ['upstream trouble'] } as unknown,
    /** A slow MailChannels: each send waits this long before it answers (an accepted mail is recorded on arrival). */
    mailDelayMs: 0,
    verified: [] as URLSearchParams[],
    mails: [] as MailSent[],
    /** The chat webhook's answer (200: whatever that platform answers for success), and what it was posted (any chat URL). */
    webhookStatus: 200,
    alerts: [] as { url: string; body: Record<string, unknown> }[],
  };
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url === TURNSTILE_URL) {
      // Read as bytes: workerd warns when .text() reads a urlencoded body.
      const params = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
      state.verified.push(params);
      if (state.turnstile === 'network-error') throw new TypeError('Network connection lost.');
      if (!state.turnstile.success) return Response.json({ success: false, 'error-codes': state.turnstile.codes, messages: [] });
      return Response.json({
        success: true,
        challenge_ts: new Date().toISOString(),
        hostname: 'jeepfl.ch',
        'error-codes': state.turnstile.codes,
        action: tokenAction(params.get('response') ?? ''),
        cdata: '',
      });
    }
    if (request.url === MAILCHANNELS_URL) {
      if (state.mailStatus !== 202) {
        await answerAfter(state.mailDelayMs, init?.signal);
        return Response.json(state.mailError, { status: state.mailStatus });
      }
      // Accepted on arrival, answered after the delay: a caller that gives up first never learns it was sent.
      state.mails.push({ apiKey: request.headers.get('X-Api-Key'), body: await request.json() });
      await answerAfter(state.mailDelayMs, init?.signal);
      return new Response(null, { status: 202 });
    }
    if (CHAT_URLS.map(href).includes(request.url)) {
      state.alerts.push({ url: request.url, body: await request.json() });
      if (request.url === href(TEAMS_URL)) return new Response(null, { status: 202 }); // Teams says 202 whatever happens
      return state.webhookStatus === 200 ? chatAnswer(request.url) : new Response('no', { status: state.webhookStatus });
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
