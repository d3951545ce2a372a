import type { Config } from '../env';
import { associationMail, visitorMail } from './emails';
import { sendMail, type MailSettings, type Message } from './mail';
import { backoffMs, duePending, loadSubmission, MAX_ATTEMPTS, saveSubmission, type Submission } from './outbox';

export interface MailEnv {
  SUBMISSIONS: KVNamespace;
  MAILCHANNELS_API_KEY?: string;
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
}

export function mailSettings(env: MailEnv, config: Config): MailSettings {
  return {
    apiUrl: config.MAILCHANNELS_API_URL,
    apiKey: env.MAILCHANNELS_API_KEY || undefined,
    ...(env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
      ? { dkim: { domain: env.DKIM_DOMAIN, selector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY } }
      : {}),
  };
}

/**
 * Sends whichever of the two e-mails is not sent yet, then stores the outcome:
 * sent, pending with the next attempt's time, or dead after MAX_ATTEMPTS.
 */
export async function deliver(sub: Submission, env: MailEnv, config: Config, now = new Date()): Promise<Submission> {
  const settings = mailSettings(env, config);
  const from = { email: config.MAIL_FROM, name: 'JE EPFL' };
  const messages: [keyof Submission['sent'], () => Message][] = [
    ['association', () => associationMail(sub, config, from, { email: config.MAIL_TO })],
    ['visitor', () => visitorMail(sub, config, from)],
  ];
  const next: Submission = { ...sub, sent: { ...sub.sent }, attempts: sub.attempts + 1 };
  const errors: string[] = [];
  let retry = false;
  for (const [who, build] of messages) {
    if (next.sent[who]) continue;
    const message = build();
    const result = await sendMail(message, settings);
    if (result.ok) {
      next.sent[who] = true;
      // Record each e-mail as soon as it is out, so no later failure can make us send it again.
      await saveSubmission(env.SUBMISSIONS, next);
    } else {
      errors.push(`${who}: ${result.reason}`);
      retry ||= result.retry;
      if (!settings.apiKey) {
        // Local development without a MailChannels key: show the developer the whole message.
        console.log(`[mail not sent, kept pending] submission ${sub.id} to ${message.to.email}\nSubject: ${message.subject}\n\n${message.text}`);
      }
    }
  }
  if (next.sent.association && next.sent.visitor) {
    next.status = 'sent';
    delete next.lastError;
  } else if (!retry || next.attempts >= MAX_ATTEMPTS) {
    next.status = 'dead';
    next.lastError = errors.join(' | ');
    console.error(`SUBMISSION DEAD: ${sub.form} ${sub.id} after ${next.attempts} attempt(s): ${next.lastError}. Its content is in KV under submission:${sub.id}.`);
  } else {
    next.lastError = errors.join(' | ');
    next.nextAttemptAt = new Date(now.getTime() + backoffMs(next.attempts)).toISOString();
    console.warn(`Submission ${sub.id} not delivered yet (attempt ${next.attempts}): ${next.lastError}; next try at ${next.nextAttemptAt}`);
  }
  await saveSubmission(env.SUBMISSIONS, next);
  return next;
}

/** The cron trigger: every pending submission whose next attempt is due. */
export async function retryPending(env: MailEnv, config: Config, now = new Date()): Promise<{ tried: number; sent: number }> {
  let sent = 0;
  const ids = await duePending(env.SUBMISSIONS, now);
  for (const id of ids) {
    try {
      const sub = await loadSubmission(env.SUBMISSIONS, id);
      if (!sub || sub.status !== 'pending') continue;
      const after = await deliver(sub, env, config, now);
      if (after.status === 'sent') sent++;
    } catch (error) {
      // One broken record must not stop the others; it stays pending and is retried next run.
      console.error(`Outbox: delivery of ${id} threw:`, error);
    }
  }
  return { tried: ids.length, sent };
}
