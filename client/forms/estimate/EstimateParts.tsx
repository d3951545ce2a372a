import { PRICER_LANGUAGES, PRICER_SERVICES } from '#content/ids.ts';
import { formatMoney } from '../../format';
import type { Estimate } from './pricing';
import type { Language, PricerService } from './schema';

/** The pricer's service choice, with what each service means and where to ask for the rest. */
export function ServiceChoice({
  id,
  legend,
  value,
  onChange,
  services,
  help,
  oneLanguage,
}: {
  id: string;
  legend: string;
  value: string;
  onChange: (service: PricerService) => void;
  services: Record<PricerService, string>;
  help: Record<PricerService, string>;
  oneLanguage: { text: string; link: string; href: string };
}) {
  return (
    <fieldset className="field" aria-describedby={`${id}service-help`}>
      <legend>{legend}</legend>
      {PRICER_SERVICES.map((s) => (
        <label key={s} className="choice">
          <input type="radio" name="service" value={s} checked={value === s} onChange={() => onChange(s)} />
          {services[s]}
        </label>
      ))}
      <div className="field-hint service-help" id={`${id}service-help`}>
        <dl>
          {PRICER_SERVICES.map((s) => (
            <div key={s}>
              <dt>{services[s]}</dt>
              <dd>{help[s]}</dd>
            </div>
          ))}
        </dl>
        <p>
          {oneLanguage.text} <a href={oneLanguage.href}>{oneLanguage.link}</a>
        </p>
      </div>
    </fieldset>
  );
}

/**
 * The target languages. `source`, when given, is the source language: it
 * says so beside its name, and cannot be ticked. One ticked before it became
 * the source stays ticked, with the error asking to untick it, so nothing
 * changes behind the visitor's back. The error line is live: a screen reader
 * hears it when choosing the source brings it.
 */
export function TargetChoice({
  id,
  labels,
  languages,
  chosen,
  source,
  error,
  onToggle,
}: {
  id: string;
  labels: Record<'targets' | 'targetsHint' | 'isSource', string>;
  languages: Record<Language, string>;
  chosen: readonly string[];
  source: string;
  error?: string;
  onToggle: (language: Language, on: boolean) => void;
}) {
  return (
    <fieldset className={error ? 'field field-invalid' : 'field'} aria-describedby={error ? `${id}targets-error` : `${id}targets-hint`}>
      <legend>{labels.targets}</legend>
      <p className="field-hint" id={`${id}targets-hint`}>
        {labels.targetsHint}
      </p>
      <div className="choices">
        {PRICER_LANGUAGES.map((l) => {
          const checked = chosen.includes(l);
          return (
            <label key={l} className="choice">
              <input
                type="checkbox"
                name="targetLanguages"
                value={l}
                checked={checked}
                disabled={l === source && !checked}
                aria-describedby={l === source && checked ? `${id}targets-error` : undefined}
                onChange={(e) => onToggle(l, e.target.checked)}
              />
              <span>
                {languages[l]}
                {l === source && <span className="choice-note"> {labels.isSource}</span>}
              </span>
            </label>
          );
        })}
      </div>
      <p className="field-error" id={`${id}targets-error`} aria-live="polite">
        {error}
      </p>
    </fieldset>
  );
}

/** "Estimation : 2'160.00 CHF", the amount never split across two lines. */
export function Amount({ sentence, amount }: { sentence: string; amount: string }) {
  const [before, after = ''] = sentence.split('{{amount}}');
  return (
    <p className="estimate-amount">
      {before}
      <span className="money">{amount}</span>
      {after}
    </p>
  );
}

/**
 * The estimate as the visitor types, in the Swiss format (announced politely
 * to screen readers). `labels.minimum` comes with the minimum already written in.
 */
export function LiveEstimate({
  estimate,
  labels,
}: {
  estimate: Estimate | null;
  labels: Record<'live' | 'minimum' | 'onRequest' | 'liveEmpty' | 'disclaimer', string>;
}) {
  return (
    <div className="estimate-live" aria-live="polite">
      {estimate ? (
        <>
          {estimate.languages > 0 && <Amount sentence={labels.live} amount={formatMoney(estimate.amount)} />}
          {estimate.minimumApplied && <p>{labels.minimum}</p>}
          {estimate.onRequest && <p>{labels.onRequest}</p>}
        </>
      ) : (
        <p>{labels.liveEmpty}</p>
      )}
      <p className="field-hint">{labels.disclaimer}</p>
    </div>
  );
}
