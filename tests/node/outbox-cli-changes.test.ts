import { describe, expect, it } from 'vitest';
import { BUSY, DEAD, ECHO, outbox, SENT, seen, setBehindAccess, site, TOKEN, useFakeAdmin } from './outbox-cli-fake';

/** `npm run outbox`: what changes the outbox (resend, delete), and Cloudflare Access in front. */
useFakeAdmin();

describe('npm run outbox: resend, delete, and Access', () => {
  it('resend of a dead submission: pending again, sent with an empty JSON body', async () => {
    const run = await outbox(['resend', DEAD, '--url', site()]);
    expect(run.code).toBe(0);
    expect(seen[0]).toMatchObject({ method: 'POST', url: `/admin/outbox/${DEAD}/resend`, body: '{}' });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(run.stdout).toBe(`${DEAD} is pending again (it was dead): the next cron run, within 5 minutes, sends what is still missing.\n`);
  });

  it('resend of a sent submission: refused without --force (exit 1, with the hint), done with it', async () => {
    const refused = await outbox(['resend', SENT, '--url', site()]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('This submission was already sent.');
    expect(refused.stderr).toContain(`npm run outbox -- resend ${SENT} --force`);
    const forced = await outbox(['resend', SENT, '--force', '--url', site()]);
    expect(forced.code).toBe(0);
    expect(seen.map((r) => r.body)).toEqual(['{}', '{"force":true}']);
    expect(forced.stdout).toContain(
      "the association's copy goes again at the next cron run (the visitor's confirmation is never sent twice)",
    );
  });

  it('behind Cloudflare Access: sends the service token when both variables are set, refuses half of one', async () => {
    const run = await outbox(['list', '--url', site()], {
      ADMIN_TOKEN: TOKEN,
      CF_ACCESS_CLIENT_ID: 'id.access',
      CF_ACCESS_CLIENT_SECRET: 'access-secret',
    });
    expect(run.code).toBe(0);
    expect(seen[0]!.headers).toMatchObject({ 'cf-access-client-id': 'id.access', 'cf-access-client-secret': 'access-secret' });
    const half = await outbox(['list', '--url', site()], { ADMIN_TOKEN: TOKEN, CF_ACCESS_CLIENT_ID: 'id.access' });
    expect(half.code).toBe(2);
    expect(half.stderr).toContain('Set both CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET');
    expect(seen).toHaveLength(1);
  });

  it('behind Cloudflare Access without the service token: says so, instead of suggesting another --url', async () => {
    setBehindAccess(true);
    try {
      const run = await outbox(['list', '--url', site()]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Cloudflare Access stopped the request: set CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET');
    } finally {
      setBehindAccess(false);
    }
  });

  it('resend --all-dead: one request, each id, and what happens next', async () => {
    const run = await outbox(['resend', '--all-dead', '--url', site()]);
    expect(run.code).toBe(0);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /admin/outbox/resend-dead']);
    expect(run.stdout).toBe(
      `${DEAD}\n1 dead submission is pending again: the next cron run, within 5 minutes, sends what is still missing.\n`,
    );
    expect((await outbox(['resend', DEAD, '--all-dead', '--url', site()])).code).toBe(2);
  });

  it('resend of one being sent right now: the server says busy, exit 1, nothing claimed done', async () => {
    const run = await outbox(['resend', BUSY, '--url', site()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('is being sent right now: try again in two minutes.');
    expect(run.stdout).toBe('');
  });

  it('a server that echoes the token never gets it printed', async () => {
    const run = await outbox(['show', ECHO, '--url', site()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the server repeats what it got: Bearer [token]');
    expect(run.stderr).not.toContain(TOKEN);
  });

  it('delete: without --yes it only says what it would delete; with it, DELETE and the state it was in', async () => {
    const dry = await outbox(['delete', DEAD, '--url', site()]);
    expect(dry.code).toBe(0);
    expect(seen.map((r) => r.method)).toEqual(['GET']);
    expect(dry.stdout).toContain(`Nothing deleted. To delete it for good (it cannot be undone): npm run outbox -- delete ${DEAD} --yes`);
    const done = await outbox(['delete', DEAD, '--yes', '--url', site()]);
    expect(done.code).toBe(0);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([`GET /admin/outbox/${DEAD}`, `DELETE /admin/outbox/${DEAD}`]);
    expect(done.stdout).toBe(`${DEAD} is deleted (it was dead).\n`);
  });
});
