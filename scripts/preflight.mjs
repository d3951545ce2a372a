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
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRequiredIn, SETTINGS, VAR_NAMES } from '../worker/declared-settings.ts';
import { isPlaceholderRepository, repositoryOf } from './cms-config.mjs';
import { ContentError, loadContent } from './content.mjs';
import { checkWorkerSecrets, REQUIRED_SECRETS } from './preflight-secrets.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** The translation prices' file in content/: its samples are told apart from the other entries. */
const PRICING_FILE = 'pricing.json';
const isPricing = (sample) => path.basename(sample.file) === PRICING_FILE;

/** The all-zero id wrangler.toml ships with until `wrangler kv namespace create` gives a real one. */
const placeholderId = (id) => !id || /^0+$/.test(id);
/** wrangler.toml's placeholder site key (`0x` and zeros). */
const placeholderSiteKey = (key) => !key || /^0x0+$/.test(key);
/** Cloudflare's documented Turnstile test site keys (`1x00000000000000000000AA` …): anyone passes, or no one. */
const testSiteKey = (key) => /^[123]x0{20}[A-F]{2}$/.test(key ?? '');
/** The staging address until the account's workers.dev subdomain is filled in. */
const placeholderUrl = (url) => !url || /your-subdomain/.test(url);

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

/** Configuration: what `wrangler kv namespace create` and the dashboard give once (docs/deploy.md, "First deploy"). */
function checkConfiguration({ at, envName, config, problems }) {
  const vars = config.vars ?? {};
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
  // Every other var the environment needs (worker/declared-settings.ts); the three above have checks of their own.
  for (const name of VAR_NAMES.filter((n) => isRequiredIn(n, envName) && !['ENVIRONMENT', 'SITE_URL', 'TURNSTILE_SITE_KEY'].includes(n)))
    if (!vars[name]) problems.push(`${at}.vars: ${name} is not set`);
  // The plan sets how many outbound calls a run may make (worker/platform/subrequests.ts); unset is the free plan.
  const plans = SETTINGS.WORKERS_PLAN.values;
  if (vars.WORKERS_PLAN !== undefined && !plans.includes(vars.WORKERS_PLAN)) {
    problems.push(
      `${at}.vars: WORKERS_PLAN is "${vars.WORKERS_PLAN}": write ${plans.map((p) => `"${p}"`).join(' or ')} (the account's Workers plan), or leave it out for ${SETTINGS.WORKERS_PLAN.default}`,
    );
  }
}

/**
 * The content's lines about samples still in place (entries written for the
 * launch, unconfirmed prices); a content that does not load adds its problems
 * to `problems`.
 */
async function sampleProblems(contentDir, problems) {
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
  return sampleLines;
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

  checkConfiguration({ at, envName, config, problems });

  // The repository the editor at /cms saves to: package.json's, beside this wrangler.toml.
  checkRepository({ packagePath: path.join(path.dirname(configPath), 'package.json'), production, problems, warnings });

  // Secrets: only Cloudflare knows them (unless the caller brings its own).
  const required = REQUIRED_SECRETS[envName] ?? REQUIRED_SECRETS.production;
  if (checkSecrets) checkWorkerSecrets({ envName, configPath, wrangler, env, required, problems, warnings });

  // Content: valid, and the association's own.
  const sampleLines = await sampleProblems(contentDir, problems);
  if (production && !allowSamples) problems.push(...sampleLines);
  else warnings.push(...sampleLines);

  return {
    problems,
    warnings,
    ok: problems.length === 0,
    samplesAllowed: production && allowSamples && sampleLines.length > 0,
    siteUrl: config.vars?.SITE_URL,
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
