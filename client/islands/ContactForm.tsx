import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type CONTACT_SOURCES, contactRules, MESSAGE_MAX } from '../forms/contact';
import { useFailure } from '../forms/failure';
import { CAPTCHA_FIELD } from '../forms/fields';
import type { FormState } from '../forms/state';
import { useTurnstile } from '../forms/turnstile';
import {
  type AlternativeTexts,
  BotChecks,
  describe,
  EmailAlternative,
  Field,
  postForm,
  SuccessScreen,
  type SuccessTexts,
  useBlurCheck,
} from '../forms/ui';
import { validate } from '../forms/validate';
import type { Locale } from '../i18n';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'source', 'message'] as const;
type FieldName = (typeof FIELDS)[number];

export interface ContactFormProps {
  endpoint: string;
  locale: Locale;
  page: 'contact' | 'home';
  homeHref: string;
  siteKey: string;
  scriptUrl: string;
  contactEmail: string;
  labels: Record<
    FieldName | 'sourcePlaceholder' | 'counter' | 'consent' | 'submit' | 'sending' | 'honeypot' | 'noscript' | 'captcha',
    string
  >;
  sources: { value: (typeof CONTACT_SOURCES)[number]; label: string }[];
  /** Error code -> message, in the visitor's language. */
  messages: Record<string, string>;
  failureTitle: string;
  genericError: string;
  tooMany: string;
  success: SuccessTexts;
  alternative: AlternativeTexts & { subject: string; subjectNamed: string };
  /** Values, errors or success as the server rendered them (no-JS posts, or a topic another page started). */
  state: FormState;
}

/**
 * The contact / quote form. Without JavaScript it is a plain form posting to
 * /api/contact; with it, the shared schema checks fields on blur and submit,
 * and the answer comes back as JSON without leaving the page. When the
 * anti-robot check cannot run, the visitor gets the same request as a
 * prefilled e-mail instead.
 */
export function ContactForm(props: ContactFormProps) {
  const { labels, messages, state } = props;
  const id = useId();
  const topic = typeof state.values.topic === 'string' ? state.values.topic : '';
  const [values, setValues] = useState<Record<FieldName, string>>(
    () =>
      Object.fromEntries(FIELDS.map((f) => [f, typeof state.values[f] === 'string' ? (state.values[f] as string) : ''])) as Record<
        FieldName,
        string
      >,
  );
  const [errors, setErrors] = useState<Record<string, string>>(() =>
    Object.fromEntries(state.errors.map((e) => [e.field, messages[e.code] ?? e.code])),
  );
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>(state.sent ? 'sent' : 'idle');
  const failure = useFailure(state, props);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const captcha = useTurnstile(props.siteKey, props.scriptUrl, props.locale);
  const blur = useBlurCheck();
  // Once hydrated, the shared schema validates (with the site's own messages) instead of the browser.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);

  const check = (only?: FieldName) => {
    const result = validate(contactRules, { ...values, topic: topic || undefined });
    const found = result.ok ? {} : Object.fromEntries(result.errors.map((e) => [e.field, messages[e.code] ?? e.code]));
    setErrors((prev) => {
      if (!only) return { ...found, ...(prev[CAPTCHA_FIELD] && !captcha.token ? { [CAPTCHA_FIELD]: prev[CAPTCHA_FIELD] } : {}) };
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
    if (!captcha.token) found[CAPTCHA_FIELD] = messages.no_captcha!;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      failure.checked(found, Boolean(captcha.token));
      const first = FIELDS.find((f) => found[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setStatus('sending');
    failure.clear();
    const result = await postForm<{ ok: boolean }>(props.endpoint, {
      ...values,
      ...(topic ? { topic } : {}),
      locale: props.locale,
      page: props.page,
      website: honeypot.current?.value ?? '',
      [CAPTCHA_FIELD]: captcha.token,
    });
    if (result.kind === 'ok') {
      setStatus('sent');
      return;
    }
    setStatus('failed');
    if (result.kind === 'invalid') setErrors(result.errors);
    failure.refused(result);
    captcha.reset();
  }

  if (status === 'sent') return <SuccessScreen texts={props.success} homeHref={props.homeHref} />;

  const name = `${values.firstName} ${values.lastName}`.trim();
  const alternative = (captcha.failed || failure.offerEmail) && (
    <EmailAlternative
      failed={failure.sendFailed}
      texts={props.alternative}
      address={props.contactEmail}
      subject={name ? props.alternative.subjectNamed.replace('{{name}}', name) : props.alternative.subject}
      body={[values.message.trim(), [name, values.phone.trim()].filter(Boolean).join('\n')].filter(Boolean).join('\n\n')}
    />
  );

  const input = (field: Exclude<FieldName, 'source' | 'message'>, type: string, autoComplete: string) => (
    <Field id={`${id}${field}`} label={labels[field]} error={errors[field]}>
      <input
        id={`${id}${field}`}
        name={field}
        type={type}
        autoComplete={autoComplete}
        required={field !== 'phone'}
        maxLength={field === 'email' ? 254 : field === 'phone' ? 40 : 100}
        value={values[field]}
        onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
        onBlur={() => blur.later(() => check(field))}
        {...describe(`${id}${field}`, errors[field])}
      />
    </Field>
  );

  return (
    <form
      ref={formRef}
      className="form"
      method="post"
      action={props.endpoint}
      noValidate={enhanced}
      onSubmit={submit}
      onPointerDown={() => {
        captcha.arm();
        blur.onPointerDown();
      }}
      onFocus={captcha.arm}
    >
      {failure.notice && (
        // autoFocus: without JavaScript, the browser scrolls the answer page straight to what went wrong.
        // biome-ignore lint/a11y/noAutofocus: only on the answer page of a post without JavaScript, to reach the error at once.
        <div className="form-notice" role="alert" tabIndex={-1} autoFocus={!enhanced}>
          {failure.notice}
        </div>
      )}
      <input type="hidden" name="locale" value={props.locale} />
      <input type="hidden" name="page" value={props.page} />
      {topic && <input type="hidden" name="topic" value={topic} />}
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
          onBlur={() => blur.later(() => check('source'))}
          {...describe(`${id}source`, errors.source)}
        >
          <option value="">{labels.sourcePlaceholder}</option>
          {props.sources.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={`${id}message`}
        label={labels.message}
        error={errors.message}
        hint={
          <p className="field-hint" id={`${id}message-count`}>
            {labels.counter.replace('{{count}}', String(values.message.length))}
          </p>
        }
      >
        <textarea
          id={`${id}message`}
          name="message"
          rows={6}
          required
          maxLength={MESSAGE_MAX}
          value={values.message}
          onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
          onBlur={() => blur.later(() => check('message'))}
          {...describe(`${id}message`, errors.message, `${id}message-count`)}
        />
      </Field>
      <BotChecks
        id={id}
        container={captcha.container}
        token={captcha.token}
        error={errors[CAPTCHA_FIELD]}
        labels={labels}
        honeypot={honeypot}
      >
        {alternative}
      </BotChecks>
      <p className="consent">{labels.consent}</p>
      <button type="submit" className="button" disabled={status === 'sending'} aria-disabled={status === 'sending' ? true : undefined}>
        {status === 'sending' ? labels.sending : labels.submit}
      </button>
    </form>
  );
}
