import { useState } from 'react';
import { PRICER_LANGUAGES } from '#content/ids.ts';
import { Choice, TextArea, TextInput } from '../inputs';
import { IslandForm } from '../island-form';
import { EmailAlternative, SuccessScreen } from '../ui';
import { type FormIslandProps, useFormIsland } from '../use-form';
import { Amount, LiveEstimate, ServiceChoice, TargetChoice } from './EstimateParts';
import { liveEstimate, type Rates } from './pricing';
import { COMMENTS_MAX, countUnfinished, estimateSchema, type Language, type PricerService } from './schema';

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
  services: Record<PricerService, string>;
  /** What each service means, under the choice. */
  serviceHelp: Record<PricerService, string>;
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
type Form = ReturnType<typeof useFormIsland<Values>>;

/** What the server rendered (a post without JavaScript), or a new request. */
function initialValues({ values }: EstimateFormProps['state']): Values {
  const str = (k: string, fallback = '') => (typeof values[k] === 'string' ? (values[k] as string) : fallback);
  const targets = values.targetLanguages;
  return {
    service: str('service', 'translation_proofreading'),
    words: str('words'),
    sourceLanguage: str('sourceLanguage'),
    targetLanguages: Array.isArray(targets) ? targets : targets ? [targets] : [],
    email: str('email'),
    comments: str('comments'),
  };
}

/**
 * The count explains itself as it is typed, unless it may still become one
 * (2' on the way to 2'000). The source among the targets (or one twice) is
 * said at once; a missing choice waits for blur or sending.
 */
function estimateChanges({ values, setValues, recheck }: Form) {
  const typeWords = (words: string) => {
    const next = { ...values, words };
    setValues(next);
    recheck('words', next, () => !countUnfinished(words));
  };
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
  return { typeWords, chooseLanguages, toggleTarget };
}

/** The same request as an e-mail, for when the anti-robot check cannot run or the request could not be sent. */
function EstimateAlternative({ props, form }: { props: EstimateFormProps; form: Form }) {
  const { labels } = props;
  const { values } = form;
  const line = (label: string, value: string) => props.alternative.line.replace('{{label}}', label).replace('{{value}}', value);
  const name = (l: string) => props.languages[l as Language] ?? l;
  const body = [
    line(labels.service, props.services[values.service as PricerService] ?? ''),
    line(labels.words, values.words.trim()),
    line(labels.source, values.sourceLanguage ? name(values.sourceLanguage) : ''),
    line(labels.targets, values.targetLanguages.map(name).join(', ')),
    ...(values.comments.trim() ? ['', values.comments.trim()] : []),
  ];
  return (
    <EmailAlternative
      failed={form.failure.sendFailed}
      texts={props.alternative}
      address={props.contactEmail}
      subject={props.alternative.subject}
      body={body.join('\n')}
    />
  );
}

/** The count and the source language, side by side. */
function CountAndSource({ props, form, changes }: { props: EstimateFormProps; form: Form; changes: ReturnType<typeof estimateChanges> }) {
  const { labels } = props;
  const languages = PRICER_LANGUAGES.map((l) => ({ value: l, label: props.languages[l] }));
  return (
    <div className="form-row">
      <TextInput
        form={form}
        name="words"
        label={labels.words}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={12}
        live
        onValue={changes.typeWords}
      />
      <Choice
        form={form}
        name="sourceLanguage"
        slug="source"
        label={labels.source}
        placeholder="—"
        options={languages}
        onValue={(sourceLanguage) => changes.chooseLanguages({ ...form.values, sourceLanguage })}
      />
    </div>
  );
}

/**
 * The translation pricer: the estimate updates as the visitor types (the same
 * function as the e-mailed one), several target languages can be picked, and
 * the request goes to /api/translation-estimate with or without JavaScript.
 */
export default function EstimateForm(props: EstimateFormProps) {
  const { labels, locale } = props;
  const form = useFormIsland<Values>(props, estimateSchema, () => initialValues(props.state));
  const { id, values, setValues, errors, failure, captcha, enhanced } = form;
  const changes = estimateChanges(form);
  const [sentAmount, setSentAmount] = useState<string | null>(null);
  if (form.status === 'sent') {
    return (
      <SuccessScreen texts={props.success} homeHref={props.homeHref}>
        {sentAmount && <Amount sentence={labels.live} amount={sentAmount} />}
      </SuccessScreen>
    );
  }
  // Once the island runs, the source cannot be ticked as a target ('other' stands for any language: it never clashes).
  const source = enhanced && values.sourceLanguage !== 'other' ? values.sourceLanguage : '';
  const alternative = (captcha.failed || failure.offerEmail) && <EstimateAlternative props={props} form={form} />;
  const onSent = (body: { ok: boolean; result?: { formatted: string } }) => body.result && setSentAmount(body.result.formatted);
  return (
    <IslandForm form={form} onSubmit={form.submit(onSent)} locale={locale} labels={labels} alternative={alternative}>
      <ServiceChoice
        id={id}
        legend={labels.service}
        value={values.service}
        onChange={(service) => setValues((v) => ({ ...v, service }))}
        services={props.services}
        help={props.serviceHelp}
        oneLanguage={props.oneLanguage}
      />
      <CountAndSource props={props} form={form} changes={changes} />
      <TargetChoice
        id={id}
        labels={labels}
        languages={props.languages}
        chosen={values.targetLanguages}
        source={source}
        error={errors.targetLanguages}
        onToggle={changes.toggleTarget}
      />
      {/* By the server's rules: no price for a request that sending would refuse. */}
      <LiveEstimate estimate={liveEstimate(values, props.pricing)} labels={labels} />
      <TextInput form={form} name="email" label={labels.email} type="email" autoComplete="email" maxLength={254} />
      <TextArea form={form} name="comments" label={labels.comments} rows={4} maxLength={COMMENTS_MAX} required={false} />
    </IslandForm>
  );
}
