#!/usr/bin/env node
// `npm run preflight -- --env <staging|production> [--allow-samples]`
//
// Checks, before a deploy, what would make the deployed site half-working:
// placeholder ids and keys left in wrangler.toml, secrets not set on
// Cloudflare, content that is still the launch's samples (including the
// translation prices, which nobody at the association has confirmed yet).
// Prints one line per problem and exits 1 when the deploy must not happen.
// `npm run deploy` and the pipeline (.github/workflows/ci.yml) run it before
// every deploy. docs/deploy.md says how to fix each line.
//
// Production refuses samples unless `--allow-samples` is given (and then says
// so loudly); staging, the test site, accepts them.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isPlaceholderRepository, repositoryOf } from './cms-config.mjs';
import { ContentError, loadContent } from './content.mjs';

const root = path.resolve(import.meta.dirname, '..');
const wranglerBin = path.join(root, 'node_modules/wrangler/bin/wrangler.js');

/** The translation prices' file in content/: its samples are told apart from the other entries. */
const PRICING_FILE = 'pricing.json';
const isPricing = (sample) => path.basename(sample.file) === PRICING_FILE;

/** Secrets each environment needs (worker/secrets.ts reads them; .dev.vars.example lists them all). */
export const REQUIRED_SECRETS = {
  staging: ['TURNSTILE_SECRET_KEY'],
  production: ['TURNSTILE_SECRET_KEY', 'MAILCHANNELS_API_KEY'],
};
/**
 * Secrets an environment must not have, and why. Staging's forms tell the
 * visitor that a test site sends no e-mail (client/forms/card.tsx): with a
 * MailChannels key it would mail the association and the visitor for real.
 */
const FORBIDDEN_SECRETS = {
  staging: {
    MAILCHANNELS_API_KEY: 'the test site would mail the association and the visitor for real, while its forms say that no e-mail is sent',
  },
};
/**
 * Secrets that only work together, all or none: DKIM signing
 * (worker/forms/mail.ts), and the GitHub OAuth app the editor at /cms signs
 * in with (worker/secrets.ts readEditorSecrets; unset, /cms says what to set up).
 */
const SECRET_GROUPS = {
  DKIM: ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'],
  "the editor's GitHub sign-in": ['GITHUB_OAUTH_CLIENT_ID', 'GITHUB_OAUTH_CLIENT_SECRET'],
};
/** Secrets the site runs without, but should not: a warning each, with what is missing without it. */
const RECOMMENDED_SECRETS = {
  staging: { ADMIN_TOKEN: 'npm run outbox cannot reach this site (every /admin address is a 404)' },
  production: {
    ADMIN_TOKEN: 'npm run outbox cannot reach this site (every /admin address is a 404)',
    ALERT_WEBHOOK_URL: 'nobody is told in the chat when a client request cannot be mailed (only the logs say it)',
  },
};

/** The all-zero id wrangler.toml ships with until `wrangler kv namespace create` gives a real one. */
const placeholderId = (id) => !id || /^0+$/.test(id);
/** wrangler.toml's placeholder site key (`0x` and zeros). */
const placeholderSiteKey = (key) => !key || /^0x0+$/.test(key);
/** Cloudflare's documented Turnstile test site keys (`1x00000000000000000000AA` …): anyone passes, or no one. */
const testSiteKey = (key) => /^[123]x0{20}[A-F]{2}$/.test(key ?? '');
/** The staging address until the account's workers.dev subdomain is filled in. */
const placeholderUrl = (url) => !url || /your-subdomain/.test(url);

/**
 * Can wrangler talk to Cloudflare here? An API token (the pipeline), or
 * `wrangler login` on this machine, wherever wrangler keeps it: the XDG config
 * folder (Linux), ~/Library/Preferences (macOS), %APPDATA%\xdg.config
 * (Windows), or the legacy ~/.wrangler.
 */
function cloudflareCredentials(env = process.env) {
  if (env.CLOUDFLARE_API_TOKEN) return 'the CLOUDFLARE_API_TOKEN';
  const home = env.HOME ?? homedir();
  const configHomes = env.XDG_CONFIG_HOME
    ? [env.XDG_CONFIG_HOME]
    : [
        path.join(home, '.config'),
        path.join(home, 'Library/Preferences'),
        path.join(env.APPDATA ?? path.join(home, 'AppData/Roaming'), 'xdg.config'),
      ];
  const files = [
    ...configHomes.map((dir) => path.join(dir, '.wrangler/config/default.toml')),
    path.join(home, '.wrangler/config/default.toml'),
  ];
  return files.some((f) => existsSync(f)) ? 'your `wrangler login`' : null;
}

/** The names of the secrets set on the deployed Worker (`wrangler secret list`), or an error message. */
function listSecrets({ envName, configPath, wrangler = [process.execPath, wranglerBin] }) {
  const [command, ...prefix] = wrangler;
  const result = spawnSync(command, [...prefix, 'secret', 'list', '--env', envName, '--config', configPath, '--format', 'json'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  if (result.status !== 0) {
    const why = `${result.stderr ?? ''}\n${result.stdout ?? ''}`
      .split('\n')
      .map((l) => l.trim())
      .find((l) => /error|not found|does not exist|✘/i.test(l));
    return { error: why ?? `wrangler secret list exited with ${result.status}` };
  }
  try {
    const list = JSON.parse(result.stdout.slice(result.stdout.indexOf('[')));
    return { names: list.map((s) => s.name) };
  } catch {
    return { error: 'wrangler secret list did not answer with a list' };
  }
}

/** The secrets set on the deployed Worker, checked against what the environment needs: adds to `problems` and `warnings`. */
function checkWorkerSecrets({ envName, configPath, wrangler, env, required, problems, warnings }) {
  const credentials = cloudflareCredentials(env);
  if (!credentials) {
    warnings.push(
      `secrets: cannot check them (no CLOUDFLARE_API_TOKEN, and wrangler is not logged in): make sure ${required.join(' and ')} ${required.length === 1 ? 'is' : 'are'} set (\`npx wrangler secret list --env ${envName}\`)`,
    );
    return;
  }
  const listed = listSecrets({ envName, configPath, wrangler });
  if (listed.error) {
    problems.push(
      `secrets: could not list them with ${credentials} (${listed.error}); check the token's permissions, or run \`npx wrangler secret list --env ${envName}\``,
    );
    return;
  }
  for (const name of required) {
    if (!listed.names.includes(name)) problems.push(`secrets: ${name} is not set: \`npx wrangler secret put ${name} --env ${envName}\``);
  }
  for (const [name, without] of Object.entries(RECOMMENDED_SECRETS[envName] ?? RECOMMENDED_SECRETS.production)) {
    if (!listed.names.includes(name)) warnings.push(`secrets: ${name} is not set, so ${without}: docs/deploy.md, step 9`);
  }
  for (const [name, why] of Object.entries(FORBIDDEN_SECRETS[envName] ?? {})) {
    if (listed.names.includes(name))
      problems.push(`secrets: ${name} is set, so ${why}: \`npx wrangler secret delete ${name} --env ${envName}\``);
  }
  for (const [what, group] of Object.entries(SECRET_GROUPS)) {
    const set = group.filter((n) => listed.names.includes(n));
    if (set.length > 0 && set.length < group.length) {
      problems.push(
        `secrets: ${what} needs all of ${group.join(', ')} or none; missing ${group.filter((n) => !set.includes(n)).join(', ')}`,
      );
    }
  }
}

/**
 * package.json's `repository` names the association's GitHub repository, or
 * the editor at /cms signs in and then cannot save (it saves there). A
 * problem for production, a warning for staging, the test site.
 */
function checkRepository({ packagePath, production, problems, warnings }) {
  let repo;
  try {
    repo = repositoryOf(JSON.parse(readFileSync(packagePath, 'utf8')));
  } catch (e) {
    problems.push(`${path.basename(packagePath)}: ${e.message.replace(/^package\.json: /, '')}`);
    return;
  }
  if (isPlaceholderRepository(repo))
    (production ? problems : warnings).push(
      `package.json: repository is still the placeholder ${repo}: write the association's GitHub repository there, "github:<owner>/<name>" (the editor at /cms saves to it; docs/deploy.md, step 1)`,
    );
}

/**
 * Every check for one environment. Returns `problems` (each refuses the
 * deploy), `warnings` (printed, not refused) and whether the deploy may go.
 * `checkSecrets: false` leaves out the Worker's secrets: a pull request's
 * preview brings its own (scripts/preview-deploy.mjs), so staging's do not matter.
 */
export async function preflight({
  envName,
  allowSamples = false,
  checkSecrets = true,
  configPath = path.join(root, 'wrangler.toml'),
  contentDir,
  wrangler,
  env = process.env,
}) {
  const problems = [];
  const warnings = [];
  const production = envName === 'production';
  const at = `wrangler.toml [env.${envName}]`;

  const { experimental_readRawConfig: readRaw, unstable_readConfig: readConfig } = await import('wrangler');
  const raw = readRaw({ config: configPath }).rawConfig;
  if (!raw.env?.[envName]) {
    return {
      problems: [`${at}: no such environment (this file has: ${Object.keys(raw.env ?? {}).join(', ') || 'none'})`],
      warnings,
      ok: false,
    };
  }
  const config = readConfig({ config: configPath, env: envName }, { hideWarnings: true });
  const vars = config.vars ?? {};

  // Configuration: what `wrangler kv namespace create` and the dashboard give once (docs/deploy.md, "First deploy").
  if (vars.ENVIRONMENT !== envName) problems.push(`${at}.vars: ENVIRONMENT is "${vars.ENVIRONMENT ?? ''}", expected "${envName}"`);
  for (const kv of config.kv_namespaces ?? []) {
    if (placeholderId(kv.id)) {
      problems.push(
        `${at}: KV namespace ${kv.binding} has the placeholder id ${kv.id || '(none)'}: run \`npx wrangler kv namespace create ${kv.binding} --env ${envName}\` and paste its id`,
      );
    }
  }
  if (placeholderSiteKey(vars.TURNSTILE_SITE_KEY)) {
    problems.push(
      `${at}.vars: TURNSTILE_SITE_KEY is the placeholder ${vars.TURNSTILE_SITE_KEY ?? '(none)'}: paste the site key of the Turnstile widget (Cloudflare dashboard > Turnstile)`,
    );
  } else if (testSiteKey(vars.TURNSTILE_SITE_KEY)) {
    // Their secrets only work on localhost (worker/forms/turnstile.ts): every form post would answer 503.
    problems.push(
      `${at}.vars: TURNSTILE_SITE_KEY is one of Cloudflare's test keys (${vars.TURNSTILE_SITE_KEY}), which only work on localhost: paste the real widget's site key`,
    );
  }
  if (placeholderUrl(vars.SITE_URL)) {
    problems.push(
      `${at}.vars: SITE_URL is the placeholder ${vars.SITE_URL ?? '(none)'}: write the site's address (for staging, its workers.dev address)`,
    );
  } else if (!/^https:\/\//.test(vars.SITE_URL)) {
    problems.push(`${at}.vars: SITE_URL must start with https:// (it is ${vars.SITE_URL})`);
  }
  for (const name of ['MAIL_FROM', 'MAIL_TO']) if (!vars[name]) problems.push(`${at}.vars: ${name} is not set`);
  // The plan sets how many outbound calls a run may make (worker/lib/subrequests.ts); unset is the free plan.
  if (vars.WORKERS_PLAN !== undefined && !['free', 'paid'].includes(vars.WORKERS_PLAN)) {
    problems.push(
      `${at}.vars: WORKERS_PLAN is "${vars.WORKERS_PLAN}": write "free" or "paid" (the account's Workers plan), or leave it out for free`,
    );
  }

  // The repository the editor at /cms saves to: package.json's, beside this wrangler.toml.
  checkRepository({ packagePath: path.join(path.dirname(configPath), 'package.json'), production, problems, warnings });

  // Secrets: only Cloudflare knows them (unless the caller brings its own).
  const required = REQUIRED_SECRETS[envName] ?? REQUIRED_SECRETS.production;
  if (checkSecrets) checkWorkerSecrets({ envName, configPath, wrangler, env, required, problems, warnings });

  // Content: valid, and the association's own.
  let samples = [];
  try {
    ({ samples } = await loadContent(contentDir ? { dir: contentDir } : {}));
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    problems.push(...e.problems.map((p) => `content: ${p}`));
  }
  const prices = samples.filter(isPricing);
  const entries = samples.filter((s) => !isPricing(s));
  const sampleLines = [];
  if (entries.length > 0) {
    sampleLines.push(
      `content: ${entries.length} sample entr${entries.length === 1 ? 'y is' : 'ies are'} still in place (written for the launch; \`npm run content:check\` lists them)`,
    );
  }
  if (prices.length > 0) {
    sampleLines.push(
      `content/${PRICING_FILE}: the translation prices are samples ("sample": true) that the association has not confirmed; the estimator would quote them to clients`,
    );
  }
  if (production && !allowSamples) problems.push(...sampleLines);
  else warnings.push(...sampleLines);

  return {
    problems,
    warnings,
    ok: problems.length === 0,
    samplesAllowed: production && allowSamples && sampleLines.length > 0,
    siteUrl: vars.SITE_URL,
  };
}

function usage(message) {
  if (message) console.error(message);
  console.error('usage: npm run preflight -- --env <staging|production> [--allow-samples]');
  process.exit(2);
}

async function main(argv) {
  const option = (name) => {
    const i = argv.indexOf(name);
    return i === -1 ? undefined : (argv[i + 1] ?? usage(`${name} needs a value`));
  };
  const envName = option('--env') ?? usage('--env is required');
  const configPath = option('--config');
  const contentDir = option('--content');
  const allowSamples = argv.includes('--allow-samples');
  const result = await preflight({
    envName,
    allowSamples,
    ...(configPath ? { configPath: path.resolve(configPath) } : {}),
    ...(contentDir ? { contentDir: path.resolve(contentDir) } : {}),
  });
  for (const line of result.problems) console.log(`✗ ${line}`);
  for (const line of result.warnings) console.log(`! ${line}`);
  if (result.samplesAllowed) {
    console.log('');
    console.log('!!! --allow-samples: PRODUCTION WILL SHOW SAMPLE CONTENT AND/OR SAMPLE PRICES TO REAL VISITORS !!!');
  }
  if (!result.ok) {
    console.log(`preflight: ${envName} refused: ${result.problems.length} problem(s) above (docs/deploy.md says how to fix each)`);
    process.exit(1);
  }
  // In the pipeline: the address the deploy and smoke-test steps use (.github/workflows/ci.yml).
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `site-url=${result.siteUrl}\n`);
  console.log(`preflight: ${envName} ok${result.warnings.length ? ` (${result.warnings.length} warning(s) above)` : ''}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
