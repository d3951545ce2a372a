import { describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/env';

/** The vars of a deployed Worker, as wrangler.toml gives them (each test changes some). */
const vars = {
  ENVIRONMENT: 'production',
  SITE_URL: 'https://jeepfl.ch',
  TURNSTILE_SITE_KEY: '0x4AAAAAAA',
  MAIL_FROM: 'noreply@jeepfl.ch',
  MAIL_TO: 'contact@jeepfl.ch',
};
// readConfig keeps one result per env object: each call gets a new one.
const read = (overrides: Record<string, unknown> = {}) => readConfig({ ...vars, ...overrides } as never);

describe('the configuration (worker/env.ts readConfig)', () => {
  it('fills in the providers’ addresses and tidies what a maintainer may write loosely', () => {
    expect(read({ SITE_URL: 'https://jeepfl.ch//', CONTACT_PHONE: '  +41 21 000 00 00 ' })).toEqual({
      ...vars,
      SITE_URL: 'https://jeepfl.ch',
      CONTACT_PHONE: '+41 21 000 00 00',
      TURNSTILE_VERIFY_URL: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      TURNSTILE_SCRIPT_URL: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
      MAILCHANNELS_API_URL: 'https://api.mailchannels.net/tx/v1/send',
      GITHUB_OAUTH_ORIGIN: 'https://github.com',
      GITHUB_OAUTH_SCOPE: 'repo', // unless set: the editor's sign-in opens a private repository as well as a public one
      WORKERS_PLAN: 'free', // unless set: the plan docs/deploy.md recommends
    });
    expect(read({ CONTACT_PHONE: '' }).CONTACT_PHONE).toBeUndefined();
    expect(read({ WORKERS_PLAN: 'paid' }).WORKERS_PLAN).toBe('paid');
    expect(read({ GITHUB_OAUTH_SCOPE: 'public_repo' }).GITHUB_OAUTH_SCOPE).toBe('public_repo');
    expect(read({ GITHUB_OAUTH_ORIGIN: 'http://127.0.0.1:9999/' }).GITHUB_OAUTH_ORIGIN).toBe('http://127.0.0.1:9999');
  });

  it('keeps an upstream a var points elsewhere (the tests’ fakes) and drops the other bindings', () => {
    const config = read({ MAILCHANNELS_API_URL: 'http://127.0.0.1:9999/send', SHORT_LINKS: {}, ADMIN_TOKEN: 'x' });
    expect(config.MAILCHANNELS_API_URL).toBe('http://127.0.0.1:9999/send');
    expect(Object.keys(config)).not.toContain('SHORT_LINKS');
    expect(Object.keys(config)).not.toContain('ADMIN_TOKEN');
  });

  it('refuses a malformed var, naming each one and what is wrong with it', () => {
    const problems = () =>
      read({
        ENVIRONMENT: 'prod',
        SITE_URL: 'ftp://jeepfl.ch',
        CONTACT_PHONE: '12',
        TURNSTILE_SITE_KEY: '',
        MAIL_FROM: 'noreply@jeepfl',
        TURNSTILE_VERIFY_URL: 'not a url',
        GITHUB_OAUTH_ORIGIN: 'github.com',
        GITHUB_OAUTH_SCOPE: 'admin:org',
        WORKERS_PLAN: 'pro',
      });
    expect(problems).toThrow(/^Invalid configuration in wrangler\.toml \[vars\]/);
    const message = (() => {
      try {
        problems();
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    for (const [name, why] of [
      ['ENVIRONMENT', 'must be one of development, test, staging, production'],
      ['SITE_URL', 'must be an http(s) URL'],
      ['TURNSTILE_VERIFY_URL', 'must be an https URL (http only on localhost)'],
      ['CONTACT_PHONE', 'digits and spaces'],
      ['TURNSTILE_SITE_KEY', 'is not set'],
      ['MAIL_FROM', 'must be an e-mail address'],
      ['WORKERS_PLAN', 'must be one of free, paid'],
      ['GITHUB_OAUTH_ORIGIN', 'must be an https URL (http only on localhost)'],
      ['GITHUB_OAUTH_SCOPE', 'must be one of repo, public_repo'],
    ] as const) {
      expect(message).toMatch(new RegExp(`${why.replace(/[()]/g, '\\$&')}[^\\n]*\\n\\s*→ at ${name}`));
    }
    expect(message).not.toMatch(/at MAIL_TO/);
  });

  it('sends secrets over https only: http is for the tests’ fake services on this computer', () => {
    for (const key of ['TURNSTILE_VERIFY_URL', 'MAILCHANNELS_API_URL', 'GITHUB_OAUTH_ORIGIN']) {
      expect(() => readConfig({ ...vars, [key]: 'http://github.com' } as never), key).toThrow(
        new RegExp(`must be an https URL \\(http only on localhost\\)\\n\\s*→ at ${key}`),
      );
      for (const ok of ['https://github.com', 'http://127.0.0.1:8788', 'http://localhost:9000/x'])
        expect(() => readConfig({ ...vars, [key]: ok } as never), `${key} ${ok}`).not.toThrow();
    }
  });

  it('refuses a missing var', () => {
    expect(() => readConfig({ ...vars, MAIL_TO: undefined } as never)).toThrow(/is not set\n\s*→ at MAIL_TO/);
  });
});
