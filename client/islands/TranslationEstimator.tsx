import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { COMMENTS_MAX, estimateSchema, LANGUAGES, SERVICES, type Language, type Service } from '../forms/estimate';
import { estimate, PRICING } from '../forms/pricing';
import type { FormState } from '../forms/state';
import { BotChecks, describe, Field, postForm, SuccessScreen, type SuccessTexts } from '../forms/ui';
import { validate } from '../forms/validate';
import { useTurnstile } from './turnstile';

export interface TranslationEstimatorProps {
  endpoint: string;
  locale: 'fr' | 'en';
  homeHref: string;
  siteKey: string;
  scriptUrl: string;
  labels: Record<'consent' | 'service' | 'words' | 'source' | 'targets' | 'targetsHint' | 'email' | 'comments' | 'submit' | 'sending' | 'live' | 'liveEmpty' | 'minimum' | 'onRequest' | 'disclaimer' | 'honeypot' | 'noscript' | 'captcha' | 'counter', string>;
  services: Record<Service, string>;
  languages: Record<Language, string>;
  messages: Record<string, string>;
  failureTitle: string;
  genericError: string;
  tooMany: string;
  success: SuccessTexts;
  state: FormState;
  challenge?: { question: string; token: string };
}

interface Values {
  service: string;
  words: string;
  sourceLanguage: string;
  targetLanguages: string[];
  email: string;
  comments: string;
}

/**
 * The translation pricer: the estimate updates as the visitor types (the same
 * function as the e-mailed one), several target languages can be picked, and
 * the request goes to /api/translation-estimate with or without JavaScript.
 */
export function TranslationEstimator(props: TranslationEstimatorProps) {
  const { labels, messages, state } = props;
  const id = useId();
  const str = (k: string, fallback = '') => (typeof state.values[k] === 'string' ? (state.values[k] as string) : fallback);
  const [values, setValues] = useState<Values>({
    service: str('service', 'translation_proofreading'),
    words: str('words'),
    sourceLanguage: str('sourceLanguage'),
    targetLanguages: Array.isArray(state.values.targetLanguages) ? state.values.targetLanguages : state.values.targetLanguages ? [state.values.targetLanguages as string] : [],
    email: str('email'),
    comments: str('comments'),
  });
  const [errors, setErrors] = useState<Record<string, string>>(() => Object.fromEntries(state.errors.map((e) => [e.field, messages[e.code] ?? e.code])));
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>(state.sent ? 'sent' : 'idle');
  const [notice, setNotice] = useState<string | null>(
    state.failure === 'validation' ? props.failureTitle : state.failure === 'tooMany' ? props.tooMany : state.failure ? props.genericError : null,
  );
  const [sentAmount, setSentAmount] = useState<string | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const honeypot = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const captcha = useTurnstile(props.siteKey, props.scriptUrl, props.locale);

  const money = (amount: number) => new Intl.NumberFormat(props.locale === 'fr' ? 'fr-CH' : 'en-CH', { style: 'currency', currency: 'CHF' }).format(amount);
  const words = Number(values.words);
  const priced = values.targetLanguages.filter((l): l is Language => (LANGUAGES as readonly string[]).includes(l));
  const live =
    Number.isInteger(words) && words > 0 && priced.length > 0 && (SERVICES as readonly string[]).includes(values.service)
      ? estimate({ service: values.service as Service, words, targetLanguages: priced })
      : null;

  const check = (only?: keyof Values) => {
    const result = validate(estimateSchema, values);
    const found = result.ok ? {} : Object.fromEntries(result.errors.map((e) => [e.field, messages[e.code] ?? e.code]));
    setErrors((prev) => {
      if (!only) return found;
      const next = { ...prev };
      if (found[only]) next[only] = found[only]!;
      else delete next[only];
      return next;
    });
    return found;
  };

  const toggleTarget = (lang: string, on: boolean) =>
    setValues((v) => ({ ...v, targetLanguages: on ? [...v.targetLanguages, lang] : v.targetLanguages.filter((l) => l !== lang) }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check();
    if (!captcha.token) found['cf-turnstile-response'] = messages.no_captcha!;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setNotice(props.failureTitle);
      const first = (['words', 'sourceLanguage', 'targetLanguages', 'email', 'comments'] as const).find((f) => found[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setStatus('sending');
    setNotice(null);
    const result = await postForm<{ ok: boolean; estimate?: { amount: number } }>(props.endpoint, {
      ...values, words, locale: props.locale, website: honeypot.current?.value ?? '', 'cf-turnstile-response': captcha.token,
    });
    if (result.kind === 'ok') {
      if (result.body.estimate) setSentAmount(money(result.body.estimate.amount));
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

  if (status === 'sent') {
    return (
      <SuccessScreen texts={props.success} homeHref={props.homeHref}>
        {sentAmount && <p className="estimate-amount">{labels.live.replace('{{amount}}', sentAmount)}</p>}
      </SuccessScreen>
    );
  }

  return (
    <form ref={formRef} className="form" method="post" action={props.endpoint} noValidate={enhanced} onSubmit={submit}>
      {notice && (
        <div className="form-notice" role="alert">
          {notice}
        </div>
      )}
      <input type="hidden" name="locale" value={props.locale} />
      <fieldset className="field">
        <legend>{labels.service}</legend>
        {SERVICES.map((s) => (
          <label key={s} className="choice">
            <input type="radio" name="service" value={s} checked={values.service === s} onChange={() => setValues((v) => ({ ...v, service: s }))} />
            {props.services[s]}
          </label>
        ))}
      </fieldset>
      <div className="form-row">
        <Field id={`${id}words`} label={labels.words} error={errors.words}>
          <input
            id={`${id}words`}
            name="words"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            value={values.words}
            onChange={(e) => setValues((v) => ({ ...v, words: e.target.value }))}
            onBlur={() => check('words')}
            {...describe(`${id}words`, errors.words)}
          />
        </Field>
        <Field id={`${id}source`} label={labels.source} error={errors.sourceLanguage}>
          <select
            id={`${id}source`}
            name="sourceLanguage"
            required
            value={values.sourceLanguage}
            onChange={(e) => setValues((v) => ({ ...v, sourceLanguage: e.target.value }))}
            onBlur={() => check('sourceLanguage')}
            {...describe(`${id}source`, errors.sourceLanguage)}
          >
            <option value="">—</option>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>{props.languages[l]}</option>
            ))}
          </select>
        </Field>
      </div>
      <fieldset className={errors.targetLanguages ? 'field field-invalid' : 'field'} aria-describedby={errors.targetLanguages ? `${id}targets-error` : `${id}targets-hint`}>
        <legend>{labels.targets}</legend>
        <p className="field-hint" id={`${id}targets-hint`}>{labels.targetsHint}</p>
        <div className="choices">
          {LANGUAGES.map((l) => (
            <label key={l} className="choice">
              <input type="checkbox" name="targetLanguages" value={l} checked={values.targetLanguages.includes(l)} onChange={(e) => toggleTarget(l, e.target.checked)} />
              {props.languages[l]}
            </label>
          ))}
        </div>
        {errors.targetLanguages && <p className="field-error" id={`${id}targets-error`}>{errors.targetLanguages}</p>}
      </fieldset>
      <div className="estimate-live" aria-live="polite">
        {live ? (
          <>
            {live.languages > 0 && <p className="estimate-amount">{labels.live.replace('{{amount}}', money(live.amount))}</p>}
            {live.minimumApplied && <p>{labels.minimum.replace('{{minimum}}', money(PRICING.minimumPerLanguage))}</p>}
            {live.onRequest && <p>{labels.onRequest}</p>}
          </>
        ) : (
          <p>{labels.liveEmpty}</p>
        )}
        <p className="field-hint">{labels.disclaimer}</p>
      </div>
      <Field id={`${id}email`} label={labels.email} error={errors.email}>
        <input
          id={`${id}email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={values.email}
          onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
          onBlur={() => check('email')}
          {...describe(`${id}email`, errors.email)}
        />
      </Field>
      <Field id={`${id}comments`} label={labels.comments} error={errors.comments}>
        <textarea
          id={`${id}comments`}
          name="comments"
          rows={4}
          maxLength={COMMENTS_MAX}
          value={values.comments}
          onChange={(e) => setValues((v) => ({ ...v, comments: e.target.value }))}
          onBlur={() => check('comments')}
          {...describe(`${id}comments`, errors.comments)}
        />
      </Field>
      <BotChecks id={id} container={captcha.container} token={captcha.token} error={errors['cf-turnstile-response']} labels={labels} honeypot={honeypot} challenge={props.challenge} />
      <p className="consent">{labels.consent}</p>
      <button type="submit" className="button" disabled={status === 'sending'}>
        {status === 'sending' ? labels.sending : labels.submit}
      </button>
    </form>
  );
}
