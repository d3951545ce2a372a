import * as z from 'zod/mini';
import { type Environment, isRequiredIn, SECRET_NAMES, type SETTINGS, type SecretName, type Setting, settingOf } from './declared-settings';
import { CHAT_FORMATS } from './forms/chat';

/**
 * The secrets' zod schemas, made from their declaration
 * (worker/declared-settings.ts): which secrets each part of worker/secrets.ts
 * reads, which are required, and in which environment. Only the rule a set
 * value must follow is written here. Loaded with worker/secrets.ts, on first
 * use: never at a cold start.
 */

type Settings = typeof SETTINGS;
type Reader = NonNullable<Setting['reader']>;
type ReadBy<R> = { [K in SecretName]: Settings[K] extends { reader: R } ? K : never }[SecretName];
type Everywhere = { [K in SecretName]: Settings[K] extends { required: true } ? K : never }[SecretName];
/** What one reader's secrets are once checked: one required everywhere is there, any other may be unset. */
export type SecretValues<R extends Reader> = { ENVIRONMENT: string } & { [K in ReadBy<R> & Everywhere]: string } & {
  [K in Exclude<ReadBy<R>, Everywhere>]?: string | undefined;
};

/** An optional secret: unset and empty (as .dev.vars.example leaves it) both mean absent. */
const optionalSecret = () =>
  z.pipe(
    z.optional(z.string({ error: 'must be text' })),
    z.transform((v) => v || undefined),
  );

/** At least this long: `npm run outbox -- new-token` makes 43 characters of 32 random bytes. */
const ADMIN_TOKEN_MIN = 32;
/** A value pasted whole: printable ASCII, no space. */
const PRINTABLE = /^[\x21-\x7e]+$/;
const PRINTABLE_MESSAGE = 'must be printable ASCII without spaces';

/** The rule a secret's value follows once it is set, for those that have one. */
const valueRules = (): Partial<Record<SecretName, z.ZodMiniType<unknown, string>>> => ({
  ADMIN_TOKEN: z
    .string()
    .check(
      z.minLength(ADMIN_TOKEN_MIN, `is shorter than ${ADMIN_TOKEN_MIN} characters (npm run outbox -- new-token makes one)`),
      z.regex(PRINTABLE, PRINTABLE_MESSAGE),
    ),
  ALERT_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  ALERT_WEBHOOK_FORMAT: z.enum(CHAT_FORMATS, { error: `must be one of ${CHAT_FORMATS.join(', ')}` }),
  // GitHub's ids are 20 characters, its secrets 40.
  GITHUB_OAUTH_CLIENT_ID: z.string().check(z.regex(/^[\x21-\x7e]{1,256}$/, PRINTABLE_MESSAGE)),
  GITHUB_OAUTH_CLIENT_SECRET: z.string().check(z.regex(/^[\x21-\x7e]{1,256}$/, PRINTABLE_MESSAGE)),
});

const readBy = (reader: Reader) => SECRET_NAMES.filter((name) => settingOf(name).reader === reader);

/** The object of one reader's secrets, with the environment they are read in: a required one is set and not empty. */
export function secretsObject(reader: Reader) {
  const rules = valueRules();
  const shape: Record<string, z.ZodMiniType> = { ENVIRONMENT: z.string() };
  for (const name of readBy(reader)) {
    const rule = rules[name];
    if (settingOf(name).required === true) {
      const set = z.string({ error: 'is not set' }).check(z.minLength(1, 'is not set'));
      shape[name] = rule ? z.pipe(set, rule) : set;
    } else {
      shape[name] = rule ? z.pipe(optionalSecret(), z.optional(rule)) : optionalSecret();
    }
  }
  return z.object(shape);
}

/** The secrets this environment needs though others do not (MAILCHANNELS_API_KEY in production): each unset one, a problem. */
export function requiredHere(reader: Reader, secrets: Record<string, unknown>, ctx: z.core.$RefinementCtx) {
  for (const name of readBy(reader)) {
    if (settingOf(name).required === true || !isRequiredIn(name, secrets.ENVIRONMENT as Environment)) continue;
    if (!secrets[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is not set' });
  }
}
