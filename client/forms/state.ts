import type { MessageKey, Translate } from '../i18n';
import type { FieldError } from './validate';

export type FormKind = 'contact' | 'estimate';
export type Failure = 'validation' | 'generic' | 'tooMany' | 'tooLarge' | 'unsupported';

/** What a form shows when the server renders it: values kept, errors by field, or the success screen. */
export interface FormState {
  values: Record<string, string | string[]>;
  errors: FieldError[];
  failure?: Failure;
  sent?: boolean;
}

export const emptyForm: FormState = { values: {}, errors: [] };

/** The signed sum shown to visitors without JavaScript instead of the Turnstile widget. */
export interface NoJsChallenge {
  a: number;
  b: number;
  token: string;
}

const CODES = [
  'required', 'too_long', 'invalid', 'false_email', 'false_phone', 'long_message', 'no_captcha', 'bad_captcha',
  'words_not_positive', 'no_language', 'duplicate_target', 'source_in_targets',
] as const;

/** The visitor-facing message of an error code (spec §5, §8); the pricer words the e-mail error its own way. */
export function errorMessage(form: FormKind, code: string, t: Translate): string {
  if (form === 'estimate' && code === 'false_email') return t('forms.errors.estimateEmail');
  const known = (CODES as readonly string[]).includes(code) ? code : 'invalid';
  return t(`forms.errors.${known}` as MessageKey);
}

/** Every code's message, for an island's props (it never gets `t` itself). */
export function errorMessages(form: FormKind, t: Translate): Record<string, string> {
  return Object.fromEntries(CODES.map((code) => [code, errorMessage(form, code, t)]));
}

export function failureTitle(form: FormKind, t: Translate): string {
  return t(form === 'contact' ? 'forms.errors.formTitle' : 'forms.errors.estimateTitle');
}
