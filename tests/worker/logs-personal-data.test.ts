import { describe, expect, it, vi } from 'vitest';
import { contact, cron, poster, request, useEmptyOutbox } from './forms-helpers';
import { WEBHOOK_URL } from './upstream-urls';
import { useFakeUpstreams } from './upstreams';

/**
 * Staging and every preview take real posts at a public address, and
 * production's logs are read by whoever has the dashboard: outside
 * development, no log line holds what a visitor typed, whatever happens to
 * the mail (no key, refused with the visitor's words quoted back, failing).
 */
const { postJson } = poster('198.51.108');
const upstream = useFakeUpstreams();
useEmptyOutbox();

/** Every console call of the test, as one string. */
function captureLogs() {
  const calls: unknown[] = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void calls.push(args));
  return () => JSON.stringify(calls);
}

const visitor = {
  ...contact,
  firstName: 'Zoë',
  lastName: 'Þórsson-Unique',
  email: 'zoe.unique.visitor@example.org',
  phone: '+41 79 123 45 67',
  message: 'Un message très personnel: numéro AVS 756.1234.5678.97',
};
const estimate = { ...request, email: 'estimate.unique.visitor@example.org', comments: 'Commentaire privé unique' };
const typed = [visitor.lastName, visitor.email, visitor.phone, 'numéro AVS', estimate.email, 'Commentaire privé'];

const cases: [string, Record<string, string>, number][] = [
  ['MailChannels refusing, quoting the visitor back', {}, 400],
  ['MailChannels failing', {}, 503],
];
/** Production refuses to run without a key (env.ts): the case is for the others. */
const noKey: [string, Record<string, string>, number] = ['without a MailChannels key', { MAILCHANNELS_API_KEY: '' }, 202];

describe.each([
  ['staging', [noKey, ...cases]],
  ['production', cases],
  ['test', [noKey, ...cases]],
] as const)('on %s', (ENVIRONMENT, envCases) => {
  it.each(envCases)('%s: no field value in any log line', async (_, overrides, status) => {
    const logs = captureLogs();
    upstream().mailStatus = status;
    upstream().mailError = {
      errors: [`refused ${visitor.email} (${visitor.lastName}): "${visitor.message}" / ${estimate.email} ${estimate.comments}`],
    };
    const settings = { ENVIRONMENT, ALERT_WEBHOOK_URL: WEBHOOK_URL, ...overrides };
    expect((await postJson('/api/contact', visitor, settings)).status).toBe(200);
    expect((await postJson('/api/translation-estimate', estimate, settings)).status).toBe(200);
    for (let i = 1; i <= 3; i++) await cron(Date.now() + i * 60 * 60_000, settings);
    const all = logs();
    expect(all).toContain('submission.'); // the deliveries were logged…
    for (const value of typed) expect(all).not.toContain(value); // …without a word the visitor typed
  });
});
