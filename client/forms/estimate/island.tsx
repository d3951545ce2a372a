import { useState } from 'react';
import { PRICER_LANGUAGES } from '#content/ids.ts';
import { IslandForm } from '../island-form';
import { describe, EmailAlternative, Field, SuccessScreen } from '../ui';
import { type FormIslandProps, useFormIsland } from '../use-form';
import { Amount, LiveEstimate, ServiceChoice, TargetChoice } from './EstimateParts';
import { liveEstimate, type Rates } from './pricing';
import { COMMENTS_MAX, countUnfinished, estimateSchema, type Language, type Service } from './schema';

export interface EstimateFormProps extends FormIslandProps {
  /** `minimum` holds the amount already formatted: "The minimum of 60.00 CHF per language applies." */
  labels: Record<
    | 'consent'
    | 'service'
    | 'words'
    | 'source'
    | 'targets'
    | 'targetsHint'
    | 'isSource'
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
  const { id, values, setValues, errors, status, failure, captcha, blur, check, recheck, enhanced } = form;
  const [sentAmount, setSentAmount] = useState<string | null>(null);

  // By the server's rules: no price for a request that sending would refuse.
  const live = liveEstimate(values, props.pricing);
  // Once the island runs, the source cannot be ticked as a target ('other' stands for any language: it never clashes).
  const source = enhanced && values.sourceLanguage !== 'other' ? values.sourceLanguage : '';

  // The count explains itself as it is typed, unless it may still become one (2' on the way to 2'000).
  const typeWords = (words: string) => {
    const next = { ...values, words };
    setValues(next);
    recheck('words', next, () => !countUnfinished(words));
  };
  // The source among the targets (or one twice) is said at once; a missing choice waits for blur or sending.
  const chooseLanguages = (next: Values) => {
    setValues(next);
    recheck('targetLanguages', next, (code, shown) => shown || code !== 'no_language');
    recheck('sourceLanguage', next);
  };
  const toggleTarget = (lang: Language, on: boolean) =>
    chooseLanguages({
      ...values,
      targetLanguages: on ? [...values.targetLanguages, lang] : values.targetLanguages.filter((l) => l !== lang),
    });

  if (status === 'sent') {
    return (
      <SuccessScreen texts={props.success} homeHref={props.homeHref}>
        {sentAmount && <Amount sentence={labels.live} amount={sentAmount} />}
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
      onSubmit={form.submit<{ ok: boolean; result?: { formatted: string } }>((body) => {
        if (body.result) setSentAmount(body.result.formatted);
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
        <Field id={`${id}words`} label={labels.words} error={errors.words} live>
          <input
            id={`${id}words`}
            name="words"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            required
            value={values.words}
            onChange={(e) => typeWords(e.target.value)}
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
            onChange={(e) => chooseLanguages({ ...values, sourceLanguage: e.target.value })}
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
      <TargetChoice
        id={id}
        labels={labels}
        languages={props.languages}
        chosen={values.targetLanguages}
        source={source}
        error={errors.targetLanguages}
        onToggle={toggleTarget}
      />
      <LiveEstimate estimate={live} labels={labels} />
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
