import { createServer, type Server } from 'node:http';

/**
 * Turnstile (script + siteverify), the MailChannels Email API and GitHub's
 * OAuth endpoints (at the root, as on github.com) on loopback, with their
 * real request and response shapes (siteverify gives back the widget's
 * `action`, which the fake widget writes into its tokens), for `wrangler dev`
 * in the browser tests, and the association's chat (an incoming webhook). `POST
 * /control` changes their behaviour; `GET /mails` lists what was "sent",
 * `GET /alerts` what the chat was posted.
 */
export interface FakeState {
  turnstile: 'pass' | 'fail' | 'down';
  /** How the widget's script behaves: served, refused (a blocker, an outage), never answered, or served but the widget errs. */
  script: 'ok' | 'down' | 'hang' | 'widget-error';
  mailStatus: number;
  /** Siteverify keeps its answers until this is set back to false: a test can look at the form while it is sending. */
  holdVerify: boolean;
  mails: unknown[];
  verified: Record<string, string>[];
  alerts: Record<string, unknown>[];
}

/** The GitHub OAuth app of the site under test, and the token its fake GitHub gives (tests/e2e/cms-sign-in.test.ts). */
export const E2E_GITHUB = {
  clientId: 'Ov23liE2eClientId000',
  clientSecret: 'e2e0000000000000000000000000000000secret',
  token: 'gho_E2eToken0000000000000000000000000000',
};

const SCRIPT = `
(() => {
  let n = 0;
  const widgets = {};
  // Like Turnstile's, the token carries the widget's action: siteverify gives it back.
  const token = (opts, id) => (opts.action ?? '') + ':fake-token-' + id + '-' + crypto.randomUUID();
  window.turnstile = {
    render(el, opts) {
      const id = 'w' + (++n);
      if (window.__fakeTurnstileError) {
        setTimeout(() => opts['error-callback'](), 20);
        return id;
      }
      const box = document.createElement('p');
      box.className = 'fake-turnstile';
      box.textContent = 'Turnstile (test): verified';
      box.dataset.resets = '0';
      box.dataset.action = opts.action ?? '';
      el.appendChild(box);
      widgets[id] = { opts, box };
      setTimeout(() => opts.callback(token(opts, id)), 20);
      return id;
    },
    reset(id) {
      const w = widgets[id];
      w.box.dataset.resets = String(Number(w.box.dataset.resets) + 1);
      setTimeout(() => w.opts.callback(token(w.opts, id)), 20);
    },
  };
})();
`;

export async function startFakeUpstreams(): Promise<{ url: string; state: FakeState; close: () => Promise<void> }> {
  const state: FakeState = { turnstile: 'pass', script: 'ok', mailStatus: 202, holdVerify: false, mails: [], verified: [], alerts: [] };
  const used = new Set<string>();
  /** GitHub's codes given out and not yet traded, each with the redirect_uri it was given for. */
  const codes = new Map<string, string>();
  let held: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, data: unknown, type = 'application/json') => {
        res.writeHead(status, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' });
        res.end(typeof data === 'string' ? data : JSON.stringify(data));
      };
      if (req.method === 'GET' && req.url?.startsWith('/turnstile/api.js')) {
        if (state.script === 'down') return send(503, 'unavailable', 'text/plain');
        if (state.script === 'hang') return; // never answers; the socket closes with the server
        const errs = state.script === 'widget-error' ? 'window.__fakeTurnstileError = true;' : '';
        return send(200, errs + SCRIPT, 'text/javascript');
      }
      if (req.method === 'POST' && req.url === '/turnstile/siteverify') {
        const form = Object.fromEntries(new URLSearchParams(body));
        state.verified.push(form);
        const answer = () => {
          if (state.turnstile === 'down') return send(500, { error: 'down' });
          const token = form.response ?? '';
          // `<action>:fake-token-…`, as the fake widget makes them (the action '' when rendered without one).
          const action = /^([^:]*):fake-token-/.exec(token)?.[1];
          if (state.turnstile === 'fail' || action === undefined)
            return send(200, { success: false, 'error-codes': ['invalid-input-response'], messages: [] });
          if (used.has(token)) return send(200, { success: false, 'error-codes': ['timeout-or-duplicate'], messages: [] });
          used.add(token);
          send(200, {
            success: true,
            challenge_ts: new Date().toISOString(),
            hostname: '127.0.0.1',
            'error-codes': [],
            action,
            cdata: '',
          });
        };
        if (state.holdVerify) held.push(answer);
        else answer();
        return;
      }
      if (req.method === 'POST' && req.url === '/mailchannels/tx/v1/send') {
        if (req.headers['x-api-key'] !== 'e2e-mailchannels-key') return send(401, { errors: ['bad key'] });
        if (state.mailStatus !== 202) return send(state.mailStatus, { errors: ['fake outage'] });
        state.mails.push(JSON.parse(body));
        res.writeHead(202).end();
        return;
      }
      if (req.method === 'POST' && req.url === '/chat/webhook') {
        state.alerts.push(JSON.parse(body));
        return send(200, 'ok', 'text/plain');
      }
      // GitHub's OAuth web flow (the editor's sign-in): the maintainer approves at once, then the code buys the token.
      if (req.method === 'GET' && req.url?.startsWith('/login/oauth/authorize?')) {
        const asked = new URL(req.url, 'http://github.invalid').searchParams;
        const redirect = asked.get('redirect_uri') ?? '';
        if (asked.get('client_id') !== E2E_GITHUB.clientId || !redirect) return send(400, 'unknown app', 'text/plain');
        const code = `e2e-code-${codes.size + 1}-${Date.now()}`;
        codes.set(code, redirect);
        res.writeHead(302, { Location: `${redirect}?${new URLSearchParams({ code, state: asked.get('state') ?? '' })}` }).end();
        return;
      }
      if (req.method === 'POST' && req.url === '/login/oauth/access_token') {
        const asked = JSON.parse(body);
        const known = asked.client_id === E2E_GITHUB.clientId && asked.client_secret === E2E_GITHUB.clientSecret;
        if (!known || codes.get(asked.code) !== asked.redirect_uri) return send(200, { error: 'bad_verification_code' });
        codes.delete(asked.code);
        return send(200, { access_token: E2E_GITHUB.token, token_type: 'bearer', scope: 'repo' });
      }
      if (req.method === 'GET' && req.url === '/alerts') return send(200, state.alerts);
      if (req.method === 'POST' && req.url === '/control') {
        Object.assign(state, JSON.parse(body));
        if (!state.holdVerify) {
          for (const answer of held) answer();
          held = [];
        }
        return send(200, state);
      }
      if (req.method === 'GET' && req.url === '/mails') return send(200, state.mails);
      send(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections(); // including scripts left hanging on purpose
    });
  return { url: `http://127.0.0.1:${port}`, state, close };
}
