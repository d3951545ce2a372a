import { useState } from 'react';
import { PRICER_LANGUAGES, PRICER_SERVICES } from '#content/ids.ts';
import { IslandForm } from '../island-form';
import { describe, EmailAlternative, Field, SuccessScreen } from '../ui';
import { type FormIslandProps, useFormIsland } from '../use-form';
import { LiveEstimate, ServiceChoice } from './EstimateParts';
import { estimate, type Rates } from './pricing';
import { COMMENTS_MAX, estimateRules, estimateSchema, type Language, type Service } from './schema';

export interface EstimateFormProps extends FormIslandProps {
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
  alternative: FormIslandProps['alternative'] & { subject: string; line: string };
}

type Values = {
  service: string;
  words: string;
  sourceLanguage: string;
  targetLanguages: string[];
  email: string;
  comments: string;
};

/**
 * The translation pricer: the estimate updates as the visitor types (the same
 * function as the e-mailed one), several target languages can be picked, and
 * the request goes to /api/translation-estimate with or without JavaScript.
 */
export default function EstimateForm(props: EstimateFormProps) {
  const { labels, state, locale } = props;
  const str = (k: string, fallback = '') => (typeof state.values[k] === 'string' ? (state.values[k] as string) : fallback);
  const form = useFormIsland<Values>(props, estimateSchema, () => ({
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
  }));
  const { id, values, setValues, errors, status, failure, captcha, blur, check } = form;
  const [sentAmount, setSentAmount] = useState<string | null>(null);

  // The same rule as the server: digits, with Swiss thousands separators (2'000, 2 000).
  const counted = estimateRules.words(values.words);
  const words = counted.ok ? counted.value : NaN;
  const priced = values.targetLanguages.filter((l): l is Language => (PRICER_LANGUAGES as readonly string[]).includes(l));
  const live =
    Number.isInteger(words) && words > 0 && priced.length > 0 && (PRICER_SERVICES as readonly string[]).includes(values.service)
      ? estimate({ service: values.service as Service, words, targetLanguages: priced }, props.pricing)
      : null;

  const toggleTarget = (lang: string, on: boolean) =>
    setValues((v) => ({ ...v, targetLanguages: on ? [...v.targetLanguages, lang] : v.targetLanguages.filter((l) => l !== lang) }));

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
    <IslandForm
      form={form}
      onSubmit={form.submit<{ ok: boolean; estimate?: { formatted: string } }>((body) => {
        if (body.estimate) setSentAmount(body.estimate.formatted);
      })}
      locale={locale}
      labels={labels}
      alternative={alternative}
    >
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
            {PRICER_LANGUAGES.map((l) => (
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
          {PRICER_LANGUAGES.map((l) => (
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
    </IslandForm>
  );
}
