import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LiveEstimate, ServiceChoice } from '../forms/EstimateParts';
import { COMMENTS_MAX, checkLanguages, estimateRules, LANGUAGES, type Language, SERVICES, type Service } from '../forms/estimate';
import { useFailure } from '../forms/failure';
import { CAPTCHA_FIELD } from '../forms/fields';
import { estimate, type Rates } from '../forms/pricing';
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

export interface TranslationEstimatorProps {
  endpoint: string;
  locale: Locale;
  homeHref: string;
  siteKey: string;
  scriptUrl: string;
  contactEmail: string;
  /** `minimum` holds the amount already formatted: "The minimum of CHF 60.00 per language applies." */
  labels: Record<
    | 'consent'
    | 'service'
    | 'words'
    | 'source'
    | 'targets'
    | 'targetsHint'
    | 'email'
    | 'comments'
    | 'submit'
    | 'sending'
    | 'live'
    | 'liveEmpty'
    | 'minimum'
    | 'onRequest'
    | 'disclaimer'
    | 'honeypot'
    | 'noscript'
    | 'captcha',
    string
  >;
  /** The rates of content/pricing.json, for the live estimate. */
  pricing: Rates;
  services: Record<Service, string>;
  /** What each service means, under the choice. */
  serviceHelp: Record<Service, string>;
  /** Proofreading in a single language is not priced here: where to ask for it instead. */
  oneLanguage: { text: string; link: string; href: string };
  languages: Record<Language, string>;
  messages: Record<string, string>;
  failureTitle: string;
  genericError: string;
  tooMany: string;
  success: SuccessTexts;
  alternative: AlternativeTexts & { subject: string; line: string };
  state: FormState;
}

interface Values {
  service: string;
  words: string;
  sourceLanguage: string;
  targetLanguages: string[];
  email: string;
  comments: string;
}
const ORDER = ['words', 'sourceLanguage', 'targetLanguages', 'email', 'comments'] as const;

/**
 * The translation pricer: the estimate updates as the visitor types (the same
 * function as the e-mailed one), several target languages can be picked, and
 * the request goes to /api/translation-estimate with or without JavaScript.
 */
export function TranslationEstimator(props: TranslationEstimatorProps) {
  const { labels, messages, state, locale } = props;
  const id = useId();
  const str = (k: string, fallback = '') => (typeof state.values[k] === 'string' ? (state.values[k] as string) : fallback);
  const [values, setValues] = useState<Values>({
    service: str('service', 'translation_proofreading'),
    words: str('words'),
    sourceLanguage: str('sourceLanguage'),
    targetLanguages: Array.isArray(state.values.targetLanguages)
      ? state.values.targetLanguages
      : state.values.targetLanguages
        ? [state.values.targetLanguages as string]
        : [],
    email: str('email'),
    comments: str('comments'),
  });
  const [errors, setErrors] = useState<Record<string, string>>(() =>
    Object.fromEntries(state.errors.map((e) => [e.field, messages[e.code] ?? e.code])),
  );
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>(state.sent ? 'sent' : 'idle');
  const failure = useFailure(state, props);
  const [sentAmount, setSentAmount] = useState<string | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const honeypot = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const captcha = useTurnstile(props.siteKey, props.scriptUrl, locale);
  const blur = useBlurCheck();

  // The same rule as the server: digits, with Swiss thousands separators (2'000, 2 000).
  const counted = estimateRules.words(values.words);
  const words = counted.ok ? counted.value : NaN;
  const priced = values.targetLanguages.filter((l): l is Language => (LANGUAGES as readonly string[]).includes(l));
  const live =
    Number.isInteger(words) && words > 0 && priced.length > 0 && (SERVICES as readonly string[]).includes(values.service)
      ? estimate({ service: values.service as Service, words, targetLanguages: priced }, props.pricing)
      : null;

  const check = (only?: keyof Values) => {
    const result = validate(estimateRules, { ...values }, checkLanguages);
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
    if (!captcha.token) found[CAPTCHA_FIELD] = messages.no_captcha!;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      failure.checked(found, Boolean(captcha.token));
      const first = ORDER.find((f) => found[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setStatus('sending');
    failure.clear();
    const result = await postForm<{ ok: boolean; estimate?: { formatted: string } }>(props.endpoint, {
      ...values,
      locale,
      website: honeypot.current?.value ?? '',
      [CAPTCHA_FIELD]: captcha.token,
    });
    if (result.kind === 'ok') {
      if (result.body.estimate) setSentAmount(result.body.estimate.formatted);
      setStatus('sent');
      return;
    }
    setStatus('failed');
    if (result.kind === 'invalid') setErrors(result.errors);
    failure.refused(result);
    captcha.reset();
  }

  if (status === 'sent') {
    return (
      <SuccessScreen texts={props.success} homeHref={props.homeHref}>
        {sentAmount && <p className="estimate-amount">{labels.live.replace('{{amount}}', sentAmount)}</p>}
      </SuccessScreen>
    );
  }

  const line = (label: string, value: string) => props.alternative.line.replace('{{label}}', label).replace('{{value}}', value);
  const name = (l: string) => props.languages[l as Language] ?? l;
  const alternative = (captcha.failed || failure.offerEmail) && (
    <EmailAlternative
      failed={failure.sendFailed}
      texts={props.alternative}
      address={props.contactEmail}
      subject={props.alternative.subject}
      body={[
        line(labels.service, props.services[values.service as Service] ?? ''),
        line(labels.words, values.words.trim()),
        line(labels.source, values.sourceLanguage ? name(values.sourceLanguage) : ''),
        line(labels.targets, values.targetLanguages.map(name).join(', ')),
        ...(values.comments.trim() ? ['', values.comments.trim()] : []),
      ].join('\n')}
    />
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
        // biome-ignore lint/a11y/noAutofocus: only on the answer page of a post without JavaScript, to reach the error at once.
        <div className="form-notice" role="alert" tabIndex={-1} autoFocus={!enhanced}>
          {failure.notice}
        </div>
      )}
      <input type="hidden" name="locale" value={locale} />
      <ServiceChoice
        id={id}
        legend={labels.service}
        value={values.service}
        onChange={(service) => setValues((v) => ({ ...v, service }))}
        services={props.services}
        help={props.serviceHelp}
        oneLanguage={props.oneLanguage}
      />
      <div className="form-row">
        <Field id={`${id}words`} label={labels.words} error={errors.words}>
          <input
            id={`${id}words`}
            name="words"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            required
            value={values.words}
            onChange={(e) => setValues((v) => ({ ...v, words: e.target.value }))}
            onBlur={() => blur.later(() => check('words'))}
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
            onBlur={() => blur.later(() => check('sourceLanguage'))}
            {...describe(`${id}source`, errors.sourceLanguage)}
          >
            <option value="">—</option>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {props.languages[l]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <fieldset
        className={errors.targetLanguages ? 'field field-invalid' : 'field'}
        aria-describedby={errors.targetLanguages ? `${id}targets-error` : `${id}targets-hint`}
      >
        <legend>{labels.targets}</legend>
        <p className="field-hint" id={`${id}targets-hint`}>
          {labels.targetsHint}
        </p>
        <div className="choices">
          {LANGUAGES.map((l) => (
            <label key={l} className="choice">
              <input
                type="checkbox"
                name="targetLanguages"
                value={l}
                checked={values.targetLanguages.includes(l)}
                onChange={(e) => toggleTarget(l, e.target.checked)}
              />
              {props.languages[l]}
            </label>
          ))}
        </div>
        {errors.targetLanguages && (
          <p className="field-error" id={`${id}targets-error`}>
            {errors.targetLanguages}
          </p>
        )}
      </fieldset>
      <LiveEstimate estimate={live} locale={locale} labels={labels} />
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
          onBlur={() => blur.later(() => check('email'))}
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
          onBlur={() => blur.later(() => check('comments'))}
          {...describe(`${id}comments`, errors.comments)}
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
      <button type="submit" className="button" disabled={status === 'sending'}>
        {status === 'sending' ? labels.sending : labels.submit}
      </button>
    </form>
  );
}
