import type { MessageKey, Translate } from '../i18n';
import type { FieldError } from './validate';

/**
 * Why a post was not accepted. `captcha`: the anti-robot check is missing or
 * failed (a visitor without JavaScript always lands here); `unavailable`: the
 * check or the outbox cannot run right now. Both come with the e-mail
 * alternative, so nobody is stuck.
 */
export type PostFailure = 'validation' | 'captcha' | 'unavailable' | 'tooMany' | 'tooLarge' | 'unsupported';

/** What a form shows when the server renders it: values kept, errors by field, or the success screen. */
export interface FormState {
  values: Record<string, string | string[]>;
  errors: FieldError[];
  failure?: PostFailure;
  sent?: boolean;
}

export const emptyForm: FormState = { values: {}, errors: [] };

const CODES = [
  'required',
  'too_long',
  'invalid',
  'invisible_chars',
  'name_link',
  'false_email',
  'false_phone',
  'long_message',
  'no_captcha',
  'bad_captcha',
  'not_a_count',
  'not_positive',
  'too_many',
  'no_language',
  'duplicate_target',
  'source_in_targets',
] as const;
export const CAPTCHA_CODES: readonly string[] = ['no_captcha', 'bad_captcha'];

/** A message of a form's own, and the values it names (`{{max}}`: a limit of the form's). */
type OwnMessage = MessageKey | { key: MessageKey; values: Record<string, string> };
/**
 * Error codes a form words its own way (the pricer's e-mail error), or that
 * only its rules give: a message that names one of the form's limits is the
 * form's (client/forms/<name>/schema.ts).
 */
export type OwnMessages = Partial<Record<string, OwnMessage>>;

/** The visitor-facing message of an error code, in the visitor's language. */
export function errorMessage(code: string, t: Translate, own: OwnMessages = {}): string {
  const mine = own[code];
  if (mine) return typeof mine === 'string' ? t(mine) : t(mine.key, mine.values);
  const known = (CODES as readonly string[]).includes(code) ? code : 'invalid';
  return t(`forms.errors.${known}` as MessageKey);
}

/** Every code's message, the shared ones and the form's own, for an island's props (it never gets `t` itself). */
export function errorMessages(t: Translate, own: OwnMessages = {}): Record<string, string> {
  const codes = new Set<string>([...CODES, ...Object.keys(own)]);
  return Object.fromEntries([...codes].map((code) => [code, errorMessage(code, t, own)]));
}

/** True when the visitor should be offered to send the same request by e-mail. */
export function needsAlternative(state: Pick<FormState, 'errors' | 'failure'>): boolean {
  return state.failure === 'captcha' || state.failure === 'unavailable' || state.errors.some((e) => CAPTCHA_CODES.includes(e.code));
}
