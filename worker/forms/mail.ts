import { z } from 'zod';

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
}

export interface MailSettings {
  apiUrl: string;
  apiKey: string | undefined;
  dkim?: { domain: string; selector: string; privateKey: string };
}

export type SendResult = { ok: true } | { ok: false; reason: string; retry: boolean };

/** A send that takes longer is given up (and retried later): keeps every delivery well inside its lease. */
const SEND_TIMEOUT_MS = 10_000;

const errorReply = z.object({ errors: z.array(z.string()).optional() }).passthrough();

/** Header values must stay on one line: a CR or LF would let input forge headers. */
function assertHeaderSafe(value: string): string {
  if (/[\r\n\u0000]/.test(value)) throw new Error('CR/LF in an e-mail header value');
  return value;
}

/**
 * Sends one message through the MailChannels Email API. Expected failures
 * (no key configured, provider down, refused) are values, never exceptions.
 */
export async function sendMail(message: Message, settings: MailSettings): Promise<SendResult> {
  if (!settings.apiKey) return { ok: false, reason: 'MAILCHANNELS_API_KEY is not set', retry: true };
  for (const v of [message.to.email, message.to.name, message.from.email, message.from.name, message.replyTo?.email, message.replyTo?.name, message.subject]) {
    if (v !== undefined) assertHeaderSafe(v);
  }
  const body = {
    personalizations: [
      {
        to: [message.to],
        ...(settings.dkim ? { dkim_domain: settings.dkim.domain, dkim_selector: settings.dkim.selector, dkim_private_key: settings.dkim.privateKey } : {}),
      },
    ],
    from: message.from,
    ...(message.replyTo ? { reply_to: message.replyTo } : {}),
    subject: message.subject,
    content: [
      { type: 'text/plain', value: message.text },
      { type: 'text/html', value: message.html },
    ],
  };
  let res: Response;
  try {
    res = await fetch(settings.apiUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': settings.apiKey },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, reason: `MailChannels unreachable: ${(error as Error).message}`, retry: true };
  }
  if (res.status === 200 || res.status === 202) return { ok: true };
  const reply = errorReply.safeParse(await res.json().catch(() => ({})));
  const detail = reply.success && reply.data.errors ? `: ${reply.data.errors.join('; ')}` : '';
  // 400/422: the message itself is refused, retrying will not help. 401/403 (a key
  // problem), 429 and 5xx can be fixed on our side or pass: keep retrying.
  return { ok: false, reason: `MailChannels answered ${res.status}${detail}`, retry: !(res.status === 400 || res.status === 422) };
}
