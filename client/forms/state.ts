import { formatNumber } from '../format';
import type { MessageKey, Translate } from '../i18n';
import { WORDS_MAX } from './estimate/schema';
import type { FieldError } from './validate';

/**
 * Why a post was not accepted. `captcha`: the anti-robot check is missing or
 * failed (a visitor without JavaScript always lands here); `unavailable`: the
 * check or the outbox cannot run right now. Both come with the e-mail
 * alternative, so nobody is stuck.
 */
export type Failure = 'validation' | 'captcha' | 'unavailable' | 'tooMany' | 'tooLarge' | 'unsupported';

/** What a form shows when the server renders it: values kept, errors by field, or the success screen. */
export interface FormState {
  values: Record<string, string | string[]>;
  errors: FieldError[];
  failure?: Failure;
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
  'words_format',
  'words_not_positive',
  'words_too_many',
  'no_language',
  'duplicate_target',
  'source_in_targets',
] as const;
export const CAPTCHA_CODES: readonly string[] = ['no_captcha', 'bad_captcha'];

/** Error codes a form words its own way (the pricer's e-mail error). */
type OwnMessages = Partial<Record<string, MessageKey>>;

/** The visitor-facing message of an error code, in the visitor's language. */
export function errorMessage(code: string, t: Translate, own: OwnMessages = {}): string {
  const key = own[code];
  if (key) return t(key);
  if (code === 'words_too_many') return t('forms.errors.words_too_many', { max: formatNumber(WORDS_MAX) });
  const known = (CODES as readonly string[]).includes(code) ? code : 'invalid';
  return t(`forms.errors.${known}` as MessageKey);
}

/** Every code's message, for an island's props (it never gets `t` itself). */
export function errorMessages(t: Translate, own: OwnMessages = {}): Record<string, string> {
  return Object.fromEntries(CODES.map((code) => [code, errorMessage(code, t, own)]));
}

/** True when the visitor should be offered to send the same request by e-mail. */
export function needsAlternative(state: Pick<FormState, 'errors' | 'failure'>): boolean {
  return state.failure === 'captcha' || state.failure === 'unavailable' || state.errors.some((e) => CAPTCHA_CODES.includes(e.code));
}
