import type { Config } from '../env';
import type { Logger } from '../platform/log';
import { isCallLimit } from '../platform/subrequests';
import { type MailSettings, type Message, type SendResult, sendMail } from './mail';
import type { Outbox } from './outbox-object';
import type { Recipient, Submission } from './outbox-submission';

/**
 * One e-mail of a submission, sent under its lease (./delivery.ts runs them):
 * whether it is still due, the send put on record before it starts and
 * settled once its answer is in, and the association's copy tried again
 * without Reply-To when MailChannels refused the visitor's address there.
 */

export type OutboxStub = DurableObjectStub<Outbox>;

/** What a delivery sends with: the mail service, the site's settings, the log, and its clock (a cron run's). */
export interface DeliveryRun {
  settings: MailSettings;
  config: Config;
  log: Logger;
  clock: () => number;
}

/**
 * Sends of the association's copy whose outcome may stay unknown: after the
 * first, it goes once more (a duplicate, shown as one message thanks to its
 * Message-ID, beats a lost request); after the second, a person must check.
 */
export const ASSOCIATION_UNKNOWN_MAX = 2;

/**
 * Whether an e-mail still has to be sent. The visitor's confirmation is never
 * sent twice: a send of unknown outcome counts as sent. The association's copy
 * is sent again after one unknown outcome.
 */
export function mailDue(sub: Pick<Submission, 'sent' | 'unknown' | 'visitorRefused'>, who: Recipient): boolean {
  if (sub.sent[who]) return false;
  return who === 'visitor' ? sub.unknown.visitor === 0 && !sub.visitorRefused : sub.unknown.association < ASSOCIATION_UNKNOWN_MAX;
}

/** A send stopped by the plan's call limit before it left (`who`), or after, its outcome then left unknown (null). */
export class Stopped extends Error {
  constructor(readonly who: Recipient | null) {
    super('stopped by the call limit');
  }
}

/**
 * One send of a submission's e-mail, on record before it starts and settled
 * once its answer is in. 'lost' when the lease is no longer ours.
 */
async function sendOne(
  box: OutboxStub,
  sub: Submission,
  owner: string,
  who: Recipient,
  message: Message,
  run: DeliveryRun,
): Promise<SendResult | 'lost'> {
  if (!(await box.beginSend(sub.id, owner, who))) return 'lost';
  let result: SendResult;
  try {
    result = await sendMail(message, run.settings);
  } catch (error) {
    if (isCallLimit(error)) throw new Stopped(who);
    throw error;
  }
  try {
    if (!(await box.settleSend(sub.id, owner, who, result, run.clock()))) return 'lost';
  } catch (error) {
    if (isCallLimit(error)) throw new Stopped(null);
    throw error;
  }
  return result;
}

/**
 * A refusal that may be about the visitor's address: MailChannels answers 400
 * (or 422) to a Reply-To it will not take, and its words cannot be relied on
 * to say so. The copy is then tried once without it; if that is refused too,
 * the cause was something else and the request is dead as before.
 */
const refusedReplyTo = (result: SendResult, message: Message) =>
  result.outcome === 'failed' && result.failure === 'permanent' && (result.status === 400 || result.status === 422) && !!message.replyTo;

/**
 * Sends `who`'s e-mail, as `build` writes it (`withoutReplyTo`: the
 * association's copy without the visitor's address as Reply-To). Returns how
 * the last send ended and the message it sent; 'lost' when the lease is no
 * longer ours.
 */
export async function sendTo(
  box: OutboxStub,
  sub: Submission,
  owner: string,
  who: Recipient,
  build: (withoutReplyTo: boolean) => Message,
  run: DeliveryRun,
): Promise<{ result: SendResult; message: Message } | 'lost'> {
  let message = build(false);
  let result = await sendOne(box, sub, owner, who, message, run);
  if (result !== 'lost' && who === 'association' && refusedReplyTo(result, message)) {
    run.log.warn('mail.reply_to_refused', {
      submission: sub.id,
      form: sub.form,
      attempt: sub.attempts,
      reason: (result as { code: string }).code,
      next: "the association's copy goes once more without Reply-To, the visitor's address in its text",
    });
    message = build(true);
    result = await sendOne(box, sub, owner, who, message, run);
  }
  return result === 'lost' ? 'lost' : { result, message };
}
