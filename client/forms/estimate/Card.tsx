import { PRICER_LANGUAGES, PRICER_SERVICES } from '#content/ids.ts';
import { pricing, site } from '#content/index.ts';
import { Island } from '../../components/Island';
import { usePage } from '../../components/page-context';
import { formatMoney } from '../../format';
import { href } from '../../paths';
import { FormCard, useFormIslandProps } from '../card';
import type { EstimateFormProps } from './island';
import { onRequestNote } from './pricing';
import { estimateSchema } from './schema';

const LABELS = [
  'service',
  'words',
  'source',
  'targets',
  'targetsHint',
  'isSource',
  'email',
  'comments',
  'submit',
  'disclaimer',
  'liveEmpty',
] as const satisfies readonly (keyof EstimateFormProps['labels'])[];

/** The translation pricer on the translation page, in the page's language. */
export function EstimateCard() {
  const { t, locale } = usePage();
  const shared = useFormIslandProps(estimateSchema);
  const byKey = <K extends string>(keys: readonly K[], text: (key: K) => string) =>
    Object.fromEntries(keys.map((k) => [k, text(k)])) as Record<K, string>;
  return (
    <FormCard name={estimateSchema.name} title={t('forms.estimate.title')}>
      <Island
        name="EstimateForm"
        props={{
          ...shared,
          // The rates only (not the `sample` flag): the few numbers the live estimate needs.
          pricing: {
            currency: pricing.currency,
            perWord: pricing.perWord,
            minimumPerLanguage: pricing.minimumPerLanguage,
            rounding: pricing.rounding,
            quotedOnRequest: pricing.quotedOnRequest,
          },
          labels: {
            ...byKey(LABELS, (k) => t(`forms.estimate.${k}`)),
            sending: t('forms.contact.sending'),
            onRequest: onRequestNote(t, locale, pricing.quotedOnRequest),
            live: t('forms.estimate.live', { amount: '{{amount}}' }),
            minimum: t('forms.estimate.minimum', { minimum: formatMoney(pricing.minimumPerLanguage) }),
            honeypot: t('forms.contact.honeypot'),
            captcha: t('forms.contact.captcha'),
            noscript: t('forms.contact.noscript', { email: site.email }),
            consent: t('forms.contact.consent'),
          },
          services: byKey(PRICER_SERVICES, (s) => t(`forms.estimate.services.${s}`)),
          serviceHelp: byKey(PRICER_SERVICES, (s) => t(`forms.estimate.serviceHelp.${s}`)),
          oneLanguage: {
            text: t('forms.estimate.oneLanguage.text'),
            link: t('forms.estimate.oneLanguage.link'),
            href: `${href('contact', locale)}?topic=proofreading#contact-form`,
          },
          languages: byKey(PRICER_LANGUAGES, (l) => t(`forms.estimate.languages.${l}`)),
          alternative: {
            ...shared.alternative,
            subject: t('forms.alternative.estimateSubject'),
            line: t('forms.labelled', { label: '{{label}}', value: '{{value}}' }),
          },
        }}
      />
    </FormCard>
  );
}
