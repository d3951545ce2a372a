import type { Config } from '../env';
import { errorFields, logger } from '../platform/log';
import { Budget, isCallLimit } from '../platform/subrequests';
import type { Ops, Secrets } from '../secrets';
import { flushAlerts } from './alerts';
import { formNamed } from './definitions';
import { deliver, LEASE_MS, mailSettings, SEND_TIMEOUT_MS } from './delivery';
import type { DeliveryRun, OutboxStub } from './delivery-send';
import { type Outbox, outbox } from './outbox-object';

/** A cron run takes no new work after this: far inside the 5-minute interval, so runs rarely overlap. */
const RUN_BUDGET_MS = 60_000;
/** And at most this many submissions; the rest wait for the next run. */
const RUN_MAX = 100;

/**
 * The most calls one delivery makes: the association's copy twice (once
 * more without Reply-To when MailChannels refused the visitor's address
 * there), the confirmation once; around each send, two calls to the outbox;
 * the claim, and the release. A run claims a submission only when this
 * still fits in its budget (worker/platform/subrequests.ts).
 */
const DELIVERY_CALLS = { fetch: 3, internal: 8 } as const;
/** What a run keeps back for the alerts it posts last: the outage check, the claim, the post and its bookkeeping. */
const ALERT_RESERVE = { fetch: 1, internal: 4 } as const;

/**
 * The cron trigger, within the plan's calls (worker/platform/subrequests.ts):
 * first the alerts left from earlier runs; then the due submissions
 * (`deliverDue`); then a look at the mail's health (an outage an hour old is
 * announced even if nothing was due) and the alerts this run made. Several
 * runs at once are safe: a submission another run holds is skipped.
 */
export async function runOutbox(
  env: { OUTBOX: DurableObjectNamespace<Outbox> },
  /** Null when the forms' secrets are unusable (logged by env.ts): nothing is sent, the alerts still go. */
  secrets: Secrets | null,
  config: Config,
  ops: Ops,
  scheduledTime: number,
  { sendTimeoutMs = SEND_TIMEOUT_MS.cron, budget = Budget.forPlan(config.WORKERS_PLAN) }: { sendTimeoutMs?: number; budget?: Budget } = {},
): Promise<{ tried: number; sent: number; left: number }> {
  const box = budget.meter(outbox(env));
  const owner = `cron:${crypto.randomUUID()}`;
  const log = logger({ run: owner });
  const started = Date.now();
  // The schedule's time, advanced by the real time this run has taken (the outbox's own clock wins if later).
  const clock = () => scheduledTime + (Date.now() - started);
  await box.purge(clock());
  await flushAlerts(box, ops, config, log, clock(), budget);
  const due = secrets ? await box.due(clock(), RUN_MAX) : [];
  const run = secrets && { settings: mailSettings(secrets, config, sendTimeoutMs, budget.fetch), config, log, clock };
  const counts = run ? await deliverDue(box, due, owner, run, budget, started) : { tried: 0, sent: 0, left: 0 };
  if (counts.tried > 0) log.info('outbox.run', counts);
  try {
    await box.checkOutage(clock());
  } catch (error) {
    log.error('outbox.health_check_failed', { next: 'the next run looks again', ...errorFields(error) });
  }
  await flushAlerts(box, ops, config, log, clock(), budget);
  return counts;
}

/**
 * The due submissions, one lease at a time, each claimed only if a whole
 * delivery still fits with the alerts' share kept back, until none is left
 * or the time budget is spent (the rest, `left`, wait for the next run,
 * nothing counted against them).
 */
async function deliverDue(box: OutboxStub, due: string[], owner: string, run: DeliveryRun, budget: Budget, started: number) {
  const { log, clock } = run;
  const counts = { tried: 0, sent: 0, left: 0 };
  for (const [i, id] of due.entries()) {
    const late = Date.now() - started > RUN_BUDGET_MS;
    if (late || !budget.fits(DELIVERY_CALLS, ALERT_RESERVE)) {
      counts.left = due.length - i;
      log.info('outbox.run_limit', { left: counts.left, reason: late ? 'time' : 'calls', next: 'the next run takes them' });
      break;
    }
    try {
      const sub = await box.claim(id, owner, clock(), LEASE_MS);
      if (!sub) continue; // another run holds it, or has just finished it
      counts.tried++;
      const status = await deliver(box, sub, owner, formNamed(sub.form)?.form, run);
      if (status === 'sent') counts.sent++;
      if (status === 'stopped') {
        counts.left = due.length - i;
        break;
      }
    } catch (error) {
      if (isCallLimit(error)) {
        counts.left = due.length - i;
        log.warn('outbox.run_limit', { left: counts.left, reason: 'calls', next: 'the next run takes them' });
        break;
      }
      // The outbox itself failed mid-way: the lease runs out and a later run tries again; go on with the others.
      log.error('outbox.delivery_failed', { submission: id, next: 'a later run tries again', ...errorFields(error) });
    }
  }
  return counts;
}
