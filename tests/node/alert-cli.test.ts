import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run alert`, as the hourly site check runs it when the live site fails
 * (.github/workflows/site-check.yml): one message in the chat's own shape,
 * counted only on the platform's answer for success, the webhook never printed.
 */
const script = path.resolve(import.meta.dirname, '../../scripts/alert.mjs');
const received: { path: string; body: Record<string, unknown> }[] = [];
let answer: { status: number; body: string } = { status: 200, body: 'ok' };
let base = '';
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let data = '';
  req.on('data', (chunk) => (data += chunk));
  req.on('end', () => {
    received.push({ path: req.url ?? '', body: JSON.parse(data) });
    res.writeHead(answer.status).end(answer.body);
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function alert(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    const options = { env: { PATH: process.env.PATH ?? '', ...env } as unknown as NodeJS.ProcessEnv };
    execFile(process.execPath, [script, ...args], options, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

const args = [
  '--title',
  'The hourly check of the live site failed',
  '--line',
  'What failed: https://github.com/x/y/actions/runs/1',
  '--line',
  '@here [x](y)',
];

describe('npm run alert', () => {
  it('posts one message in the platform’s shape and says where, never the secret part of the address', async () => {
    received.length = 0;
    answer = { status: 200, body: 'ok' };
    const { code, out } = await alert(args, { ALERT_WEBHOOK_URL: `${base}/hooks/secret-part` });
    expect(code).toBe(0);
    expect(out).toContain('Posted to the mattermost chat at 127.0.0.1:');
    expect(out).not.toContain('secret-part');
    expect(received).toHaveLength(1);
    const text = String(received[0]!.body.text);
    expect(text).toContain('**The hourly check of the live site failed**');
    expect(text).toContain('What failed: https://github.com/x/y/actions/runs/1');
    expect(text).not.toContain('@here'); // no mention can ping
    expect(text).toContain('\\[x\\]\\(y\\)'); // no link can form
  });

  it('a setting picks the platform: Teams gets an Adaptive Card and counts only 202', async () => {
    received.length = 0;
    answer = { status: 200, body: '1' };
    const refused = await alert(args, { ALERT_WEBHOOK_URL: `${base}/workflows/x`, ALERT_WEBHOOK_FORMAT: 'teams' });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('did not take the message: the teams webhook answered 200');
    expect(received[0]!.body.type).toBe('message');
    answer = { status: 202, body: '' };
    expect((await alert(args, { ALERT_WEBHOOK_URL: `${base}/workflows/x`, ALERT_WEBHOOK_FORMAT: 'teams' })).code).toBe(0);
  });

  it('without a webhook: exit 2, the message printed so the run’s log has it', async () => {
    const { code, out } = await alert(args, {});
    expect(code).toBe(2);
    expect(out).toContain('ALERT_WEBHOOK_URL is not set');
    expect(out).toContain('The hourly check of the live site failed');
  });

  it('a bad command line or setting: exit 2, with what to write', async () => {
    expect((await alert([], { ALERT_WEBHOOK_URL: `${base}/hooks/x` })).out).toContain('--title is required');
    const bad = await alert(args, { ALERT_WEBHOOK_URL: `${base}/hooks/x`, ALERT_WEBHOOK_FORMAT: 'irc' });
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('ALERT_WEBHOOK_FORMAT must be one of slack, discord, googlechat, mattermost, teams');
  });
});
