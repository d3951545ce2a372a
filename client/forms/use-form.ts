import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Locale } from '../i18n';
import type { FormSchema } from './define';
import { type FailureTexts, useFailure } from './failure';
import { CAPTCHA_FIELD, HONEYPOT_FIELD } from './fields';
import type { FormState } from './state';
import { useTurnstile } from './turnstile';
import { type AlternativeTexts, postForm, type SuccessTexts, useBlurCheck } from './ui';
import { validate } from './validate';

/** What every form island gets from its card (client/forms/card.tsx). */
export interface FormIslandProps extends FailureTexts {
  endpoint: string;
  locale: Locale;
  homeHref: string;
  siteKey: string;
  scriptUrl: string;
  contactEmail: string;
  success: SuccessTexts;
  alternative: AlternativeTexts;
  /** Values, errors or success as the server rendered them (a post without JavaScript, or a topic another page started). */
  state: FormState;
}

type Values = Record<string, string | string[]>;

/**
 * The state and behaviour every form island shares: the visitor's values,
 * errors checked by the form's own rules (on blur and on submit, with the
 * site's messages instead of the browser's), Turnstile, the honeypot, the
 * post as JSON, and what a refusal or a failure shows. `extra` adds what the
 * island sends besides its fields (the page, a topic).
 */
export function useFormIsland<V extends Values>(
  props: FormIslandProps,
  schema: FormSchema,
  initial: () => V,
  extra: (values: V) => Record<string, unknown> = () => ({}),
) {
  const { messages, state, locale } = props;
  const id = useId();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>(() =>
    Object.fromEntries(state.errors.map((e) => [e.field, messages[e.code] ?? e.code])),
  );
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>(state.sent ? 'sent' : 'idle');
  const failure = useFailure(state, props);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const captcha = useTurnstile(props.siteKey, props.scriptUrl, locale, schema.name);
  const blur = useBlurCheck();
  // Once hydrated, the form's rules check the fields (with the site's messages) instead of the browser.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  // A submit that comes before the anti-robot check has answered waits for it, then goes on.
  const [awaitingCheck, setAwaitingCheck] = useState(false);
  useEffect(() => {
    if (!awaitingCheck || (!captcha.token && !captcha.failed)) return;
    setAwaitingCheck(false);
    setStatus('idle');
    formRef.current?.requestSubmit();
  }, [awaitingCheck, captcha.token, captcha.failed]);

  /** Checks every field, or only `only` (on blur): returns the errors found. */
  const check = (only?: keyof V & string) => {
    const result = validate(schema.rules, { ...values, ...extra(values) }, schema.across);
    const found: Record<string, string> = result.ok
      ? {}
      : Object.fromEntries(result.errors.map((e) => [e.field, messages[e.code] ?? e.code]));
    setErrors((prev) => {
      if (!only) return { ...found, ...(prev[CAPTCHA_FIELD] && !captcha.token ? { [CAPTCHA_FIELD]: prev[CAPTCHA_FIELD] } : {}) };
      const next = { ...prev };
      if (found[only]) next[only] = found[only]!;
      else delete next[only];
      return next;
    });
    return found;
  };

  /**
   * Re-checks `field` with values the visitor has just changed (the state has
   * not got them yet). An error it shows goes as soon as the value is right,
   * or changes with it; a new one appears at once only when `show(code)` says
   * so, otherwise on blur or on sending, as for any field. `show` may hide one
   * already shown too (a count still being typed).
   */
  const recheck = (field: keyof V & string, next: V, show: (code: string, shown: boolean) => boolean = (_, shown) => shown) => {
    const result = validate(schema.rules, { ...next, ...extra(next) }, schema.across);
    const code = result.ok ? undefined : result.errors.find((e) => e.field === field)?.code;
    setErrors((prev) => {
      const shown = { ...prev };
      if (code && show(code, field in prev)) shown[field] = messages[code] ?? code;
      else delete shown[field];
      return shown;
    });
  };

  /** Checks, then posts as JSON; `onSent` reads the answer's body. */
  const submit =
    <T extends { ok: boolean }>(onSent?: (body: T) => void) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const found = check();
      // Valid, but sent before the check has answered: a form sent before the island hydrated, or
      // autofilled and sent at once. It goes out when the token comes, or shows what to do if the
      // check fails; the button says it is being sent meanwhile.
      if (Object.keys(found).length === 0 && !captcha.token && !captcha.failed) {
        captcha.arm();
        setAwaitingCheck(true);
        setStatus('sending');
        return;
      }
      if (!captcha.token) found[CAPTCHA_FIELD] = messages.no_captcha!;
      setErrors(found);
      if (Object.keys(found).length > 0) {
        failure.checked(found, Boolean(captcha.token));
        const first = Object.keys(schema.rules).find((f) => found[f]);
        if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        return;
      }
      setStatus('sending');
      failure.clear();
      const result = await postForm<T>(props.endpoint, {
        ...values,
        ...extra(values),
        locale,
        [HONEYPOT_FIELD]: honeypot.current?.value ?? '',
        [CAPTCHA_FIELD]: captcha.token,
      });
      if (result.kind === 'ok') {
        onSent?.(result.body);
        setStatus('sent');
        return;
      }
      setStatus('failed');
      if (result.kind === 'invalid') setErrors(result.errors);
      failure.refused(result);
      captcha.reset();
    };

  /** The props of the <form> element: a plain post without JavaScript, checked and sent as JSON with it. */
  const formProps = (onSubmit: (event: FormEvent<HTMLFormElement>) => void) => ({
    ref: formRef,
    className: 'form',
    method: 'post',
    action: props.endpoint,
    noValidate: enhanced,
    onSubmit,
    onPointerDown: () => {
      captcha.arm();
      blur.onPointerDown();
    },
    onFocus: captcha.arm,
  });

  return { id, values, setValues, errors, status, failure, honeypot, captcha, blur, enhanced, check, recheck, submit, formProps };
}
