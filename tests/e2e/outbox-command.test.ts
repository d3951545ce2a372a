import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN_TOKEN } from './bindings';
import { control, mails, usePassingUpstreams } from './browser';

/**
 * `npm run outbox` against the real Worker (wrangler dev), as a maintainer
 * uses it after the chat said a request could not be mailed: list, show,
 * resend, the next cron run, export, delete. No browser.
 */
usePassingUpstreams();
const root = path.resolve(import.meta.dirname, '../..');
const site = () => inject('baseURL');

function outbox(args: string[], { token = E2E_ADMIN_TOKEN, cwd = root }: { token?: string; cwd?: string } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/outbox-cli.mjs'), ...args, '--url', site()], {
      cwd,
      env: { PATH: process.env.PATH ?? '', ADMIN_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A contact request as the island posts it, with a token the fake Turnstile accepts. */
async function submit(message: string) {
  const res = await fetch(`${site()}/api/contact`, {
    method: 'POST',
    // An address of its own: the smoke test's posts, also made from Node, count against a shared one.
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'CF-Connecting-IP': '198.51.100.31' },
    body: JSON.stringify({
      firstName: 'Alex',
      lastName: 'Sample',
      email: 'alex.outbox@example.org',
      source: 'events',
      message,
      locale: 'en',
      'cf-turnstile-response': `contact:fake-token-${crypto.randomUUID()}`,
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const alerts = async () => (await (await fetch(`${inject('upstreamURL')}/alerts`)).json()) as { text: string }[];
/** One cron run now, as Cloudflare's trigger runs it (wrangler dev --test-scheduled). */
const cronRun = async () => expect((await fetch(`${site()}/cdn-cgi/handler/scheduled`)).status).toBe(200);

describe('npm run outbox, against the local Worker', () => {
  it('a refused request reaches the chat, and the maintainer lists, reads, resends and exports it', async () => {
    // MailChannels refuses (a domain lockdown record gone wrong): dead at once, and the chat is told.
    await control({ mailStatus: 403 });
    const id = await submit('Outbox command test: please call me back.');
    await expect.poll(async () => (await alerts()).filter((a) => a.text.includes(id)).length, { timeout: 10_000 }).toBe(1);
    const [alert] = (await alerts()).filter((a) => a.text.includes(id));
    expect(Object.keys(alert!)).toEqual(['text']); // a webhook on its own host: Mattermost's shape
    expect(alert!.text).toContain(`npm run outbox -- resend ${id}`);
    expect(alert!.text).not.toContain('please call me back');

    const list = await outbox(['list', '--state', 'dead']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(id);
    expect(list.stdout).toMatch(/dead/);

    const show = await outbox(['show', id]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('Outbox command test: please call me back.');
    expect(show.stdout).toContain('alex.outbox@example.org');

    // The cause fixed, the maintainer resends; the next cron run delivers both e-mails, once.
    await control({ mailStatus: 202 });
    const resend = await outbox(['resend', id]);
    expect(resend.code).toBe(0);
    expect(resend.stdout).toContain('was dead');
    await cronRun();
    await cronRun();
    const delivered = (await mails()).filter((m) => JSON.stringify(m).includes(id));
    expect(delivered.map((m) => m.personalizations[0]!.to[0]!.email).sort()).toEqual(['alex.outbox@example.org', 'contact@jeepfl.ch']);
    expect((await outbox(['show', id])).stdout).toMatch(/status:\s+sent/);

    // Sent: a second resend needs --force.
    const again = await outbox(['resend', id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('--force');

    const dir = mkdtempSync(path.join(tmpdir(), 'outbox-export-'));
    const exported = await outbox(['export', '--out', 'requests.csv'], { cwd: dir });
    expect(exported.code).toBe(0);
    const csv = readFileSync(path.join(dir, 'requests.csv'), 'utf8');
    expect(csv).toContain(`"${id}";"contact";"en"`);
    expect(csv).toContain('"Outbox command test: please call me back."');

    // And the visitor asks to be forgotten.
    expect((await outbox(['delete', id, '--yes'])).stdout).toContain(`${id} is deleted (it was sent).`);
    const gone = await outbox(['show', id]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`No submission ${id} in the outbox`);
  });

  it('a wrong token: the command says the site answered its ordinary 404, and nothing leaks', async () => {
    const run = await outbox(['list'], { token: 'w'.repeat(43) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('404');
    expect(run.stdout).toBe('');
  });
});
