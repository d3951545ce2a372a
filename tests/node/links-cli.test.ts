import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
/** `npm run links -- …`, as a maintainer types it (the checks run before wrangler is ever called). */
const links = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(root, 'scripts/links.mjs'), ...args], { cwd: root, encoding: 'utf8' });

describe('npm run links -- set refuses a target that could leave the site', () => {
  it.each([
    '/.//evil.com',
    '/../..//evil.com',
    '/%2e%2e/%2e%2e//evil.com',
    '/x/..//evil.com',
    '/en/.//evil.com',
    '/en/x/..//evil.com',
    '//evil.com',
    '/\\evil.com',
    'http://plain.example',
  ])('%s, with a message that says why and what to write instead', (target) => {
    const run = links('set', 'sneaky', target, '--persist-to', path.join(root, '.wrangler/never-written'));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`refused: the target ${JSON.stringify(target)}`);
    expect(run.stderr).toContain('Use an https:// URL or a plain site path such as /tools/signature-generator.');
    expect(run.stdout).toBe('');
  });

  it.each([
    ['/a/./b', 'has a "." or ".." segment'],
    ['/a%2Fb', 'has an encoded slash, dot or backslash'],
    ['/caf\u00e9', 'percent-encode it'],
    ['https://jeepfl.ch@evil.example/', 'must not hold a user name or password'],
    ['/a//b', 'has "//" in its path'],
  ])('%s: %s', (target, reason) => {
    // A store of its own: a refusal that breaks must not land in the dev server's short links.
    const run = links('set', 'sneaky', target, '--persist-to', path.join(root, '.wrangler/never-written'));
    expect(run.status, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toContain(reason);
  });
});
