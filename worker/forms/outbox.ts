import type { Locale } from '#client/i18n.ts';
import type { Estimate } from '#client/forms/pricing.ts';

/**
 * Stored submissions: the visitor is told "received" once the record is in
 * KV. Mail that fails stays pending; the cron trigger retries it with backoff
 * until it is sent or marked dead. Each of the two e-mails is marked sent on
 * its own, so a retry never mails anyone twice.
 */
export interface Submission {
  id: string;
  form: 'contact' | 'estimate';
  locale: Locale;
  created: string;
  fields: Record<string, unknown>;
  estimate?: Estimate;
  status: 'pending' | 'sent' | 'dead';
  attempts: number;
  nextAttemptAt: string;
  lastError?: string;
  sent: { association: boolean; visitor: boolean };
}

interface Meta {
  status: Submission['status'];
  next: string;
}

/** 1+2+4+…+256 min then 6 h steps: about a day and a half of outage before giving up. */
export const MAX_ATTEMPTS = 12;
/** The first delivery happens right after the answer; the cron only picks a record up after this lease. */
/** Sent submissions stay 30 days in KV (for support questions), then expire. */
export const SENT_TTL_SECONDS = 30 * 24 * 60 * 60;
export const FIRST_LEASE_MS = 2 * 60_000;
const key = (id: string) => `submission:${id}`;

/** 1 min, 2, 4, 8 … capped at 6 h. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

export async function saveSubmission(kv: KVNamespace, submission: Submission): Promise<void> {
  const metadata: Meta = { status: submission.status, next: submission.nextAttemptAt };
  // Once mailed, the association's inbox holds the request: the outbox copy expires.
  const ttl = submission.status === 'sent' ? { expirationTtl: SENT_TTL_SECONDS } : {};
  await kv.put(key(submission.id), JSON.stringify(submission), { metadata, ...ttl });
}

export async function loadSubmission(kv: KVNamespace, id: string): Promise<Submission | null> {
  return kv.get<Submission>(key(id), 'json');
}

/** Pending submissions whose next attempt is due, read from the keys' metadata. */
export async function duePending(kv: KVNamespace, now: Date): Promise<string[]> {
  const due: string[] = [];
  let cursor: string | undefined;
  do {
    const page: KVNamespaceListResult<Meta> = await kv.list<Meta>({ prefix: 'submission:', cursor });
    for (const k of page.keys) {
      if (k.metadata?.status === 'pending' && k.metadata.next <= now.toISOString()) due.push(k.name.slice('submission:'.length));
    }
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return due;
}
