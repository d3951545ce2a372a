import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { Locale } from '../i18n';
import type { FormSchema } from './define';
import { type FailureTexts, useFailure } from './failure';
import { CAPTCHA_FIELD, HONEYPOT_FIELD } from './fields';
import { postForm } from './post';
import type { FormState } from './state';
import { useTurnstile } from './turnstile-widget';
import { type AlternativeTexts, type SuccessTexts, useBlurCheck } from './ui';
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
type Errors = Record<string, string>;
type Status = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * The visitor's values and the errors the form's own rules find in them,
 * with the site's messages instead of the browser's. `extra` adds what the
 * island sends besides its fields (the page, a topic).
 */
function useChecks<V extends Values>(
  props: FormIslandProps,
  schema: FormSchema,
  initial: () => V,
  extra: (values: V) => Record<string, unknown>,
  captchaToken: string,
) {
  const { messages, state } = props;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors>(() => Object.fromEntries(state.errors.map((e) => [e.field, messages[e.code] ?? e.code])));
  const found = (of: V) => {
    const result = validate(schema.rules, { ...of, ...extra(of) }, schema.across);
    return result.ok ? [] : result.errors;
  };

  /** Checks every field, or only `only` (on blur): returns the errors found. */
  const check = (only?: keyof V & string) => {
    const all: Errors = Object.fromEntries(found(values).map((e) => [e.field, messages[e.code] ?? e.code]));
    setErrors((prev) => {
      if (!only) return { ...all, ...(prev[CAPTCHA_FIELD] && !captchaToken ? { [CAPTCHA_FIELD]: prev[CAPTCHA_FIELD] } : {}) };
      const next = { ...prev };
      if (all[only]) next[only] = all[only]!;
      else delete next[only];
      return next;
    });
    return all;
  };

  /**
   * Re-checks `field` with values the visitor has just changed (the state has
   * not got them yet). An error it shows goes as soon as the value is right,
   * or changes with it; a new one appears at once only when `show(code)` says
   * so, otherwise on blur or on sending, as for any field. `show` may hide one
   * already shown too (a count still being typed).
   */
  const recheck = (field: keyof V & string, next: V, show: (code: string, shown: boolean) => boolean = (_, shown) => shown) => {
    const code = found(next).find((e) => e.field === field)?.code;
    setErrors((prev) => {
      const shown = { ...prev };
      if (code && show(code, field in prev)) shown[field] = messages[code] ?? code;
      else delete shown[field];
      return shown;
    });
  };

  return { values, setValues, errors, setErrors, check, recheck, all: () => ({ ...values, ...extra(values) }) };
}

/**
 * A submit that comes before the anti-robot check has answered waits for it
 * (`wait`), then goes on: the form is submitted again once a token came, or
 * the check failed.
 */
function useAwaitedCheck(
  captcha: ReturnType<typeof useTurnstile>,
  form: RefObject<HTMLFormElement | null>,
  setStatus: (s: Status) => void,
) {
  const [awaiting, setAwaiting] = useState(false);
  useEffect(() => {
    if (!awaiting || (!captcha.token && !captcha.failed)) return;
    setAwaiting(false);
    setStatus('idle');
    form.current?.requestSubmit();
  }, [awaiting, captcha.token, captcha.failed, form, setStatus]);
  return () => {
    captcha.arm();
    setAwaiting(true);
    setStatus('sending');
  };
}

/**
 * The state and behaviour every form island shares: the visitor's values,
 * errors checked by the form's own rules (on blur and on submit), Turnstile,
 * the honeypot, the post as JSON (`submit`), and what a refusal or a failure
 * shows. `extra` adds what the island sends besides its fields (the page, a topic).
 */
export function useFormIsland<V extends Values>(
  props: FormIslandProps,
  schema: FormSchema,
  initial: () => V,
  extra: (values: V) => Record<string, unknown> = () => ({}),
) {
  const { state, locale } = props;
  const id = useId();
  const [status, setStatus] = useState<Status>(state.sent ? 'sent' : 'idle');
  const failure = useFailure(state, props);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const captcha = useTurnstile(props.siteKey, props.scriptUrl, locale, schema.name);
  const blur = useBlurCheck();
  // Once hydrated, the form's rules check the fields (with the site's messages) instead of the browser.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const fields = useChecks(props, schema, initial, extra, captcha.token);
  const waitForCheck = useAwaitedCheck(captcha, formRef, setStatus);
  const submit = submitter({ props, schema, fields, captcha, failure, setStatus, formRef, honeypot, waitForCheck });

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

  const { values, setValues, errors, check, recheck } = fields;
  return { id, values, setValues, errors, status, failure, honeypot, captcha, blur, enhanced, check, recheck, submit, formProps };
}

/**
 * `submit(onSent)`: checks every field, then posts as JSON; `onSent` reads the
 * answer's body. A form sent before the check has answered (sent before the
 * island hydrated, or autofilled and sent at once) goes out when the token
 * comes, or shows what to do if the check fails; the button says it is being
 * sent meanwhile.
 */
function submitter(form: {
  props: FormIslandProps;
  schema: FormSchema;
  fields: { check: () => Errors; setErrors: (errors: Errors) => void; all: () => Record<string, unknown> };
  captcha: ReturnType<typeof useTurnstile>;
  failure: ReturnType<typeof useFailure>;
  setStatus: (status: Status) => void;
  formRef: RefObject<HTMLFormElement | null>;
  honeypot: RefObject<HTMLInputElement | null>;
  waitForCheck: () => void;
}) {
  const { props, schema, fields, captcha, failure, setStatus } = form;
  return <T extends { ok: boolean }>(onSent?: (body: T) => void) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const found = fields.check();
      if (Object.keys(found).length === 0 && !captcha.token && !captcha.failed) return form.waitForCheck();
      if (!captcha.token) found[CAPTCHA_FIELD] = props.messages.no_captcha!;
      fields.setErrors(found);
      if (Object.keys(found).length > 0) {
        failure.checked(found, Boolean(captcha.token));
        const first = Object.keys(schema.rules).find((f) => found[f]);
        if (first) form.formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        return;
      }
      setStatus('sending');
      failure.clear();
      const payload = {
        ...fields.all(),
        locale: props.locale,
        [HONEYPOT_FIELD]: form.honeypot.current?.value ?? '',
        [CAPTCHA_FIELD]: captcha.token,
      };
      const result = await postForm<T>(props.endpoint, payload);
      if (result.kind === 'ok') {
        onSent?.(result.body);
        setStatus('sent');
        return;
      }
      setStatus('failed');
      if (result.kind === 'invalid') fields.setErrors(result.errors);
      failure.refused(result);
      captcha.reset();
    };
}
