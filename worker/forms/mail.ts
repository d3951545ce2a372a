import { isCallLimit } from '../platform/subrequests';

export interface Address {
  email: string;
  name?: string;
}

export interface Message {
  to: Address;
  from: Address;
  replyTo?: Address;
  subject: string;
  text: string;
  html: string;
  /**
   * `<id@domain>`, the same every time this e-mail is sent: should it go
   * twice, mail clients show one message (docs/decisions/0005).
   */
  messageId: string;
}

export interface MailSettings {
  apiUrl: string;
  apiKey: string | undefined;
  dkim?: { domain: string; selector: string; privateKey: string };
  /** How long a send may wait for MailChannels' answer; after that its outcome is unknown. */
  timeoutMs: number;
  /** The invocation's counted fetch (worker/platform/subrequests.ts); the global one by default. */
  fetcher?: typeof fetch;
}

/**
 * Why a send failed. `permanent`: MailChannels refused this message with a
 * 4xx other than 429 (a malformed message, a domain lockdown record that does
 * not authorise us, a revoked key): trying again cannot help until a person
 * fixes something. `transient`: a 5xx, a 429 or a network error: it may pass.
 */
export type SendFailure = 'permanent' | 'transient';

/**
 * `sent`: MailChannels accepted it. `failed`: it answered with an error, or was
 * never reached (`failure` says whether trying again can help). `unknown`: it
 * was handed over and no answer came in time: it may well have been sent.
 */
export type SendResult =
  | { outcome: 'sent' }
  | { outcome: 'failed'; reason: string; code: ReasonCode; failure: SendFailure; status?: number }
  | { outcome: 'unknown'; reason: string; code: ReasonCode };

/**
 * Why a send did not go, as a code the site wrote itself: what the chat is
 * told (worker/forms/alerts.ts), never MailChannels' own words, which may
 * quote what a visitor typed. `reason` keeps those words for the outbox.
 */
type ReasonCode = 'no_api_key' | 'unsafe_header' | 'unreachable' | 'timeout' | 'gateway_timeout' | `mailchannels_${number}`;

/** How much of MailChannels' error text is kept: enough to read, never a whole page. */
const ERROR_TEXT_MAX = 300;

/** Header values must stay on one line: a CR or LF would let input forge headers. */
const headerSafe = (value: string | undefined) => value === undefined || !/[\r\n\u0000]/.test(value);

/**
 * Answers from a gateway that waited for MailChannels and gave up: the mail
 * may have gone out behind it (504 Gateway Timeout, Cloudflare's 524). Every
 * other answer says what happened.
 */
const GATEWAY_TIMEOUTS = new Set([504, 524]);

/** The message as MailChannels' Email API takes it (DKIM-signed when the settings hold a key). */
function requestBody(message: Message, settings: MailSettings) {
  return {
    personalizations: [
      {
        to: [message.to],
        ...(settings.dkim
          ? { dkim_domain: settings.dkim.domain, dkim_selector: settings.dkim.selector, dkim_private_key: settings.dkim.privateKey }
          : {}),
      },
    ],
    from: message.from,
    ...(message.replyTo ? { reply_to: message.replyTo } : {}),
    subject: message.subject,
    headers: { 'Message-ID': message.messageId },
    content: [
      { type: 'text/plain', value: message.text },
      { type: 'text/html', value: message.html },
    ],
  };
}

/**
 * Sends one message through the MailChannels Email API. Expected failures
 * (no key configured, provider down, refused) are values, never exceptions.
 */
export async function sendMail(message: Message, settings: MailSettings): Promise<SendResult> {
  // Only outside production (env.ts refuses production without a key): printed, kept pending.
  if (!settings.apiKey) return { outcome: 'failed', reason: 'MAILCHANNELS_API_KEY is not set', code: 'no_api_key', failure: 'transient' };
  const { to, from, replyTo } = message;
  // Never sent, so never worth retrying: validation lets no such value through, this is the last guard.
  if (![to.email, to.name, from.email, from.name, replyTo?.email, replyTo?.name, message.subject, message.messageId].every(headerSafe))
    return { outcome: 'failed', reason: 'a header value holds CR, LF or NUL', code: 'unsafe_header', failure: 'permanent' };
  let res: Response;
  try {
    res = await (settings.fetcher ?? fetch)(settings.apiUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': settings.apiKey },
      body: JSON.stringify(requestBody(message, settings)),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    // The plan's call limit: nothing was sent, and MailChannels is not to blame (the caller stops there).
    if (isCallLimit(error)) throw error;
    // Our own time limit: the message went out and no answer came back. MailChannels
    // has no idempotency key, so whether it was sent cannot be known.
    if ((error as { name?: unknown } | null)?.name === 'TimeoutError') {
      return { outcome: 'unknown', reason: `MailChannels did not answer within ${settings.timeoutMs / 1000} s`, code: 'timeout' };
    }
    return {
      outcome: 'failed',
      reason: `MailChannels unreachable: ${(error as Error).message}`,
      code: 'unreachable',
      failure: 'transient',
    };
  }
  return answer(res);
}

/** What MailChannels' answer means: sent, unknown (a gateway gave up waiting), or failed, and whether that may pass. */
async function answer(res: Response): Promise<SendResult> {
  if (res.status === 200 || res.status === 202) return { outcome: 'sent' };
  if (GATEWAY_TIMEOUTS.has(res.status))
    return {
      outcome: 'unknown',
      reason: `a gateway answered ${res.status}: MailChannels did not answer it in time`,
      code: 'gateway_timeout',
    };
  // A 4xx refuses this message until a person fixes something; 429 (too many), 408 (too slow), 5xx and anything odd may pass.
  const failure: SendFailure =
    res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408 ? 'permanent' : 'transient';
  const detail = errorText(await res.text().catch(() => ''));
  return {
    outcome: 'failed',
    reason: `MailChannels answered ${res.status}${detail ? `: ${detail}` : ''}`,
    code: `mailchannels_${res.status}`,
    failure,
    status: res.status,
  };
}

/**
 * MailChannels' own words about a refusal: the `errors` list of its JSON
 * answer (`{"errors": ["…"]}`), else its `message`, else the text itself; on
 * one line, without control characters, at most ERROR_TEXT_MAX characters.
 */
function errorText(body: string): string {
  let text = body.slice(0, 4 * ERROR_TEXT_MAX);
  try {
    const json = JSON.parse(body) as { errors?: unknown; message?: unknown };
    if (Array.isArray(json.errors) && json.errors.length > 0) text = json.errors.map(String).join('; ');
    else if (typeof json.message === 'string') text = json.message;
  } catch {
    // not JSON: its text, as sent
  }
  const line = text
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return line.length > ERROR_TEXT_MAX ? `${line.slice(0, ERROR_TEXT_MAX)}…` : line;
}
