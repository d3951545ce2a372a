import { afterEach, beforeEach, vi } from 'vitest';

import { GOOGLE_CHAT_URL, MAILCHANNELS_URL, TURNSTILE_URL, WEBHOOK_URL } from './upstream-urls';

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
    /** The chat webhook's answer, and what it was posted (either chat URL). */
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
    if (request.url === WEBHOOK_URL || request.url === GOOGLE_CHAT_URL) {
      state.alerts.push({ url: request.url, body: await request.json() });
      return new Response(state.webhookStatus === 200 ? 'ok' : 'no', { status: state.webhookStatus });
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
