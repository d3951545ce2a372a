// The preflight's check of the Worker's secrets (scripts/preflight.mjs): the
// ones each environment needs, must not have, or should have, and those that
// only work together, read from Cloudflare with `wrangler secret list`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { secretsRequiredIn } from '../worker/declared-settings.ts';

const root = path.resolve(import.meta.dirname, '..');
const wranglerBin = path.join(root, 'node_modules/wrangler/bin/wrangler.js');

/** Secrets each deployed environment needs, as worker/declared-settings.ts declares them. */
export const REQUIRED_SECRETS = {
  staging: secretsRequiredIn('staging'),
  production: secretsRequiredIn('production'),
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
export function checkWorkerSecrets({ envName, configPath, wrangler, env, required, problems, warnings }) {
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
