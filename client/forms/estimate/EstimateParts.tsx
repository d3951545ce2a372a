import { PRICER_SERVICES } from '#content/ids.ts';
import { formatMoney } from '../../format';
import type { Locale } from '../../i18n';
import type { Estimate } from './pricing';
import type { Service } from './schema';

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
  onChange: (service: Service) => void;
  services: Record<Service, string>;
  help: Record<Service, string>;
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
 * The estimate as the visitor types, in the Swiss format (announced politely
 * to screen readers). `labels.minimum` comes with the minimum already written in.
 */
export function LiveEstimate({
  estimate,
  locale,
  labels,
}: {
  estimate: Estimate | null;
  locale: Locale;
  labels: Record<'live' | 'minimum' | 'onRequest' | 'liveEmpty' | 'disclaimer', string>;
}) {
  return (
    <div className="estimate-live" aria-live="polite">
      {estimate ? (
        <>
          {estimate.languages > 0 && <p className="estimate-amount">{labels.live.replace('{{amount}}', formatMoney(estimate.amount))}</p>}
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
