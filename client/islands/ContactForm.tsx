import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CONTACT_SOURCES, contactSchema, MESSAGE_MAX } from '../forms/contact';
import type { FormState } from '../forms/state';
import { BotChecks, describe, Field, postForm, SuccessScreen, type SuccessTexts } from '../forms/ui';
import { validate } from '../forms/validate';
import { useTurnstile } from './turnstile';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'source', 'message'] as const;
type FieldName = (typeof FIELDS)[number];

export interface ContactFormProps {
  endpoint: string;
  locale: 'fr' | 'en';
  page: 'contact' | 'home';
  homeHref: string;
  siteKey: string;
  scriptUrl: string;
  labels: Record<FieldName | 'sourcePlaceholder' | 'counter' | 'consent' | 'submit' | 'sending' | 'honeypot' | 'noscript' | 'captcha', string>;
  sources: { value: (typeof CONTACT_SOURCES)[number]; label: string }[];
  /** Error code -> message, in the visitor's language. */
  messages: Record<string, string>;
  failureTitle: string;
  genericError: string;
  tooMany: string;
  success: SuccessTexts;
  /** Values, errors or success as the server rendered them (no-JS posts). */
  state: FormState;
  challenge?: { question: string; token: string };
}

/**
 * The contact / quote form. Without JavaScript it is a plain form posting to
 * /api/contact; with it, the shared schema checks fields on blur and submit,
 * and the answer comes back as JSON without leaving the page.
 */
export function ContactForm(props: ContactFormProps) {
  const { labels, messages, state } = props;
  const id = useId();
  const [values, setValues] = useState<Record<FieldName, string>>(() =>
    Object.fromEntries(FIELDS.map((f) => [f, typeof state.values[f] === 'string' ? (state.values[f] as string) : ''])) as Record<FieldName, string>,
  );
  const [errors, setErrors] = useState<Record<string, string>>(() => Object.fromEntries(state.errors.map((e) => [e.field, messages[e.code] ?? e.code])));
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>(state.sent ? 'sent' : 'idle');
  const [notice, setNotice] = useState<string | null>(
    state.failure === 'validation' ? props.failureTitle : state.failure === 'tooMany' ? props.tooMany : state.failure ? props.genericError : null,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const captcha = useTurnstile(props.siteKey, props.scriptUrl, props.locale);
  // Once hydrated, the shared schema validates (with the spec's messages) instead of the browser.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);

  const check = (only?: FieldName) => {
    const result = validate(contactSchema, values);
    const found = result.ok ? {} : Object.fromEntries(result.errors.map((e) => [e.field, messages[e.code] ?? e.code]));
    setErrors((prev) => {
      if (!only) return { ...found, ...(prev['cf-turnstile-response'] && !captcha.token ? { 'cf-turnstile-response': prev['cf-turnstile-response'] } : {}) };
      const next = { ...prev };
      if (found[only]) next[only] = found[only]!;
      else delete next[only];
      return next;
    });
    return found;
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check();
    if (!captcha.token) found['cf-turnstile-response'] = messages.no_captcha!;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setNotice(props.failureTitle);
      const first = FIELDS.find((f) => found[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setStatus('sending');
    setNotice(null);
    const result = await postForm<{ ok: boolean }>(props.endpoint, {
      ...values, locale: props.locale, page: props.page, website: honeypot.current?.value ?? '', 'cf-turnstile-response': captcha.token,
    });
    if (result.kind === 'ok') {
      setStatus('sent');
      return;
    }
    setStatus('failed');
    if (result.kind === 'invalid') {
      setErrors(result.errors);
      setNotice(props.failureTitle);
    } else {
      setNotice(result.status === 429 ? props.tooMany : props.genericError);
    }
    captcha.reset();
  }

  if (status === 'sent') return <SuccessScreen texts={props.success} homeHref={props.homeHref} />;

  const input = (name: Exclude<FieldName, 'source' | 'message'>, type: string, autoComplete: string) => (
    <Field id={`${id}${name}`} label={labels[name]} error={errors[name]}>
      <input
        id={`${id}${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={name !== 'phone'}
        maxLength={name === 'email' ? 254 : name === 'phone' ? 40 : 100}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        onBlur={() => check(name)}
        {...describe(`${id}${name}`, errors[name])}
      />
    </Field>
  );

  return (
    <form ref={formRef} className="form" method="post" action={props.endpoint} noValidate={enhanced} onSubmit={submit}>
      {notice && (
        <div className="form-notice" role="alert">
          {notice}
        </div>
      )}
      <input type="hidden" name="locale" value={props.locale} />
      <input type="hidden" name="page" value={props.page} />
      <div className="form-row">
        {input('firstName', 'text', 'given-name')}
        {input('lastName', 'text', 'family-name')}
      </div>
      <div className="form-row">
        {input('email', 'email', 'email')}
        {input('phone', 'tel', 'tel')}
      </div>
      <Field id={`${id}source`} label={labels.source} error={errors.source}>
        <select
          id={`${id}source`}
          name="source"
          required
          value={values.source}
          onChange={(e) => setValues((v) => ({ ...v, source: e.target.value }))}
          onBlur={() => check('source')}
          {...describe(`${id}source`, errors.source)}
        >
          <option value="">{labels.sourcePlaceholder}</option>
          {props.sources.map((s) => (
            <option key={s.value} value={s.value}>{s.label}</option>
          ))}
        </select>
      </Field>
      <Field
        id={`${id}message`}
        label={labels.message}
        error={errors.message}
        hint={<p className="field-hint" id={`${id}message-count`}>{labels.counter.replace('{{count}}', String(values.message.length))}</p>}
      >
        <textarea
          id={`${id}message`}
          name="message"
          rows={6}
          required
          maxLength={MESSAGE_MAX}
          value={values.message}
          onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
          onBlur={() => check('message')}
          {...describe(`${id}message`, errors.message, `${id}message-count`)}
        />
      </Field>
      <BotChecks id={id} container={captcha.container} token={captcha.token} error={errors['cf-turnstile-response']} labels={labels} honeypot={honeypot} challenge={props.challenge} />
      <p className="consent">{labels.consent}</p>
      <button type="submit" className="button" disabled={status === 'sending'} aria-disabled={status === 'sending' ? true : undefined}>
        {status === 'sending' ? labels.sending : labels.submit}
      </button>
    </form>
  );
}
