// What `npm run outbox` (scripts/outbox-cli.mjs) needs to talk to the site: the
// admin token (asked for hidden, never printed), Cloudflare Access's service
// token, one request with every way it can fail explained, and text from the
// server made safe for a terminal.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Writable } from 'node:stream';

const root = path.resolve(import.meta.dirname, '..');
export const TIMEOUT_MS = 30_000;
const NETWORK = { ECONNREFUSED: 'nothing answers there', ENOTFOUND: 'no such host name', ECONNRESET: 'the connection was cut' };
export const SECRET_PUT = 'npx wrangler secret put ADMIN_TOKEN --env production';

/** An expected failure: main prints its message on stderr (no stack trace) and exits with its code. */
export class Refusal extends Error {}
export const refuse = (message, code = 1) => {
  throw Object.assign(new Refusal(message), { code });
};

let token = '';
/** Text from the server, safe for a terminal: no C0/C1 controls (ESC included) but newlines, no bidi overrides, never the token. */
export function clean(value) {
  const text = String(value ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  return token ? text.replaceAll(token, '[token]') : text;
}
export const terminalLine = (value, max = Infinity) => {
  const text = clean(value).replace(/\s*\n\s*/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** ADMIN_TOKEN from the environment, then .dev.vars (local site only). */
function tokenFromFiles(local) {
  if (process.env.ADMIN_TOKEN?.trim()) return process.env.ADMIN_TOKEN.trim();
  if (!local) return '';
  const file = path.join(root, '.dev.vars');
  const vars = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const m = /^\s*ADMIN_TOKEN\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s#]*))/m.exec(vars);
  return (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').trim();
}

/** Asks on the terminal; what is typed is not echoed. */
function askHidden(question) {
  return new Promise((resolve) => {
    let muted = false;
    const output = new Writable({
      write: (chunk, encoding, done) => {
        if (!muted) process.stderr.write(chunk, encoding);
        done();
      },
    });
    const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
    rl.on('SIGINT', () => {
      rl.close();
      process.stderr.write('\n');
      process.exit(130);
    });
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer.trim());
    });
    muted = true;
  });
}

export async function getToken(site) {
  let found = tokenFromFiles(site.local);
  if (!found && process.stdin.isTTY) found = await askHidden('Admin token (input hidden): ');
  const local = site.local ? '\nFor the local `npm run dev`, put ADMIN_TOKEN="…" in .dev.vars and restart it.' : '';
  if (!found)
    refuse(
      `No admin token. Run this in a terminal to be asked for it (hidden), or set ADMIN_TOKEN, e.g.\n  ADMIN_TOKEN=… npm run outbox -- list --url https://jeepfl.ch\nThe token is the Worker secret set with \`${SECRET_PUT}\`, kept in the association's password manager.${local}`,
      2,
    );
  // fetch would refuse such a header with a message that quotes it.
  if (!/^[\x21-\x7e]+$/.test(found))
    refuse('The admin token holds spaces or unusual characters: copy it again from the password manager.', 2);
  token = found;
}

/**
 * With Cloudflare Access in front of /admin/* (docs/deploy.md, "The admin
 * routes"), a command passes it with a service token: both environment
 * variables, or neither.
 */
function accessHeaders() {
  const id = process.env.CF_ACCESS_CLIENT_ID?.trim();
  const secret = process.env.CF_ACCESS_CLIENT_SECRET?.trim();
  if (!id && !secret) return {};
  if (!id || !secret) refuse('Set both CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET (the Access service token), or neither.', 2);
  return { 'CF-Access-Client-Id': id, 'CF-Access-Client-Secret': secret };
}

/** Why a request got no answer, in words. */
function unreachable(site, error) {
  const code = error?.cause?.code;
  const reason =
    error?.name === 'TimeoutError'
      ? `no answer within ${TIMEOUT_MS / 1000} s`
      : (NETWORK[code] ?? terminalLine(code ?? error?.cause?.message ?? error?.message ?? error));
  return `Could not reach the site at ${site.base} (${reason}).${site.local ? ' Is `npm run dev` running?' : ''}`;
}

/** For a long answer: an abort signal that fires after TIMEOUT_MS without news (`touch` whenever some arrives). */
function idleTimeout() {
  const controller = new AbortController();
  let timer;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new DOMException('no news', 'TimeoutError')), TIMEOUT_MS).unref();
  };
  touch();
  return { signal: controller.signal, touch, stop: () => clearTimeout(timer) };
}

/**
 * One request; on any answer but 2xx (and the statuses in `allow`) it explains
 * and exits 1. With `stream`, a 2xx answer comes back unread (`body`, and the
 * `idle` timeout to touch as it is read); otherwise whole, as bytes and text.
 */
export async function call(site, method, pathname, { body, accept = 'application/json', allow = [], stream = false } = {}) {
  const headers = { Authorization: `Bearer ${token}`, Accept: accept, 'User-Agent': 'jeepfl-outbox/1.0', ...accessHeaders() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const idle = stream ? idleTimeout() : null;
  let res, bytes;
  try {
    res = await fetch(site.base + pathname, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: idle?.signal ?? AbortSignal.timeout(TIMEOUT_MS),
    });
    if (idle && res.status >= 200 && res.status < 300)
      return { status: res.status, headers: res.headers, type: res.headers.get('content-type') ?? '', body: res.body, idle };
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (error) {
    refuse(unreachable(site, error));
  }
  idle?.stop();
  const [type, text] = [res.headers.get('content-type') ?? '', bytes.toString('utf8')];
  let json;
  try {
    json = /json/i.test(type) ? JSON.parse(text) : undefined;
  } catch {}
  const answer = { status: res.status, headers: res.headers, type, bytes, text, json };
  if ((res.status >= 200 && res.status < 300) || allow.includes(res.status)) return answer;
  if (json?.message) refuse(`The site refused (${res.status} ${terminalLine(json.error ?? '')}): ${clean(json.message)}`);
  const location = res.headers.get('location') ?? '';
  const to = res.status >= 300 && res.status < 400 && URL.canParse(location, site.base) ? new URL(location, site.base) : null;
  if (to?.hostname.endsWith('.cloudflareaccess.com')) {
    refuse(
      'Cloudflare Access stopped the request: set CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET (the service token in the password manager; docs/deploy.md, "The admin routes").',
    );
  }
  if (to) refuse(`The site answered ${res.status}, a redirect to ${terminalLine(to.href)}: try --url ${terminalLine(to.origin)}`);
  if (res.status === 404 && !json) {
    refuse(
      `The site answered 404 (its normal "page not found"): either the token is wrong, or ADMIN_TOKEN is not set on this Worker (\`${SECRET_PUT}\`; locally, copy the ADMIN_TOKEN line of .dev.vars.example into .dev.vars and restart \`npm run dev\`), or you have been rate-limited after more than 20 requests in a minute (wait a minute).`,
    );
  }
  refuse(`The site answered ${res.status}${text.trim() ? `: ${clean(text.trim().slice(0, 300))}` : ' with an empty body'}`);
}

/** The JSON object an answer must hold, or exit 1. */
export function expectJson(answer, key) {
  if (!answer.json || typeof answer.json[key] !== 'object' || answer.json[key] === null)
    refuse(`The site answered ${answer.status} without the expected JSON (${key}): is --url the site's address?`);
  return answer.json[key];
}
