import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSV, DEAD, ESC, folder, outbox, outputs, seen, site, TOKEN, UNKNOWN, useFakeAdmin } from './outbox-cli-fake';

/** `npm run outbox`: reading (list, show, export), the token, and what goes wrong. Changes are in outbox-cli-changes.test.ts. */
useFakeAdmin();

describe('npm run outbox', () => {
  it('list: a table in Zurich time with the counts, and the token in the Authorization header', async () => {
    const run = await outbox(['list', '--url', `${site()}/`]);
    expect(run.code).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/admin/outbox' });
    expect(seen[0]!.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/json',
      'user-agent': 'jeepfl-outbox/1.0',
    });
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^CREATED.*STATUS.*FORM.*ATTEMPTS.*ID.*LAST ERROR$/);
    expect(lines[1]).toMatch(new RegExp(`^2025-03-01 10:05 +dead +contact +6 +${DEAD} +MailChannels 550: \\[31mmailbox unavailable`));
    expect(lines[1]!.length).toBeLessThan(160);
    expect(run.stdout).toContain('2 submissions (0 pending, 1 dead, 1 sent)');
    expect(run.stdout).not.toContain(ESC);
  });

  it('list --state: passes the state, and says when there is none', async () => {
    const run = await outbox(['list', '--state', 'pending', '--url', site()]);
    expect(seen[0]!.url).toBe('/admin/outbox?state=pending');
    expect(run).toMatchObject({ code: 0, stdout: 'No pending submissions.\n' });
  });

  it('show: one key per line, fields indented, and no escape sequence reaches the terminal', async () => {
    const run = await outbox(['show', DEAD, '--url', site()]);
    expect(run.code).toBe(0);
    expect(seen[0]!.url).toBe(`/admin/outbox/${DEAD}`);
    expect(run.stdout).toContain(`id: ${DEAD}\n`);
    expect(run.stdout).toContain('status: dead\n');
    expect(run.stdout).toContain('fields:\n  name: Jane Doe\n  email: jane@example.org\n  languages: fr, en\n  message:\n    Bonjour,\n');
    expect(run.stdout).toContain('result:\n  words: 1200\n  total:\n    amount: 240\n');
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it('show: an unknown id prints the server message and exits 1', async () => {
    const run = await outbox(['show', UNKNOWN, '--url', site()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No submission has this id.');
  });

  it('export: writes the CSV bytes as they came, counts records (not lines), never overwrites', async () => {
    const run = await outbox(['export', '--since', '2025-01-31', '--out', 'march.csv', '--url', site()]);
    expect(run.code).toBe(0);
    expect(seen[0]!.url).toBe('/admin/outbox/export?since=2025-01-31');
    expect(seen[0]!.headers.accept).toBe('text/csv');
    expect(readFileSync(path.join(folder(), 'march.csv'), 'utf8')).toBe(CSV);
    // Personal data: readable by its owner alone.
    expect(statSync(path.join(folder(), 'march.csv')).mode & 0o777).toBe(0o600);
    expect(run.stdout).toContain("Wrote 2 submissions to march.csv. It holds visitors' personal data");
    const again = await outbox(['export', '--out', 'march.csv', '--url', site()]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('march.csv already exists');
    expect(seen).toHaveLength(1);
  });

  it("export: the default file is today's outbox-export-YYYY-MM-DD.csv in the current folder", async () => {
    const run = await outbox(['export', '--url', site()]);
    expect(run.code).toBe(0);
    const file = /to (outbox-export-\d{4}-\d{2}-\d{2}\.csv)\./.exec(run.stdout)?.[1];
    expect(file && existsSync(path.join(folder(), file))).toBe(true);
  });

  it('a wrong token gets the HTML 404: explained (wrong token, secret not set, or rate-limited), exit 1', async () => {
    const run = await outbox(['list', '--url', site()], { ADMIN_TOKEN: 'not-the-token' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('either the token is wrong, or ADMIN_TOKEN is not set on this Worker');
    expect(run.stderr).toContain('rate-limited');
  });

  it.each([
    [['show', 'abc'], 'not a submission id'],
    [['resend', '../../evil'], 'not a submission id'],
    [['export', '--since', '2025-02-30'], '--since must be a date written YYYY-MM-DD'],
    [['export', '--since', '31.01.2025'], '--since must be a date written YYYY-MM-DD'],
    [['export', '--since', '2025-13-01'], '--since must be a date written YYYY-MM-DD'],
    [['list', '--state', 'lost'], '--state must be pending, dead or sent'],
    [['list', '--force'], '--force does not go with list'],
  ])('%j is refused with exit 2 before any request', async (args, message) => {
    const run = await outbox([...args, '--url', site()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(seen).toHaveLength(0);
  });

  it('plain http to another computer is refused (the token would travel in clear)', async () => {
    const run = await outbox(['list', '--url', 'http://jeepfl.ch']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('would send the admin token in clear');
  });

  it('no token and no terminal to ask in: exit 2, saying how to set it', async () => {
    const run = await outbox(['list', '--url', 'https://outbox.invalid'], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('ADMIN_TOKEN=… npm run outbox -- list --url https://jeepfl.ch');
    expect(run.stderr).toContain('npx wrangler secret put ADMIN_TOKEN --env production');
  });

  it('a local site that does not answer: asks whether npm run dev is running', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const run = await outbox(['list', '--url', `http://127.0.0.1:${port}`]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Is `npm run dev` running?');
  });

  it('new-token: 43 base64url characters on stdout, how to install it on stderr, no network', async () => {
    const run = await outbox(['new-token'], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
    expect(run.stderr).toContain('npx wrangler secret put ADMIN_TOKEN --env production');
  });

  it('never prints the token, nor a stack trace', () => {
    expect(outputs.length).toBeGreaterThan(12);
    for (const text of outputs) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toMatch(/\n\s+at /);
    }
  });
});
