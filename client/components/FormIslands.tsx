import { pricing, site } from '#content/index.ts';
import { formatMoney } from '../format';
import { CONTACT_SOURCES } from '../forms/contact';
import { LANGUAGES, SERVICES } from '../forms/estimate';
import { onRequestNote } from '../forms/pricing';
import { emptyForm, errorMessages, type FormKind, type FormState, failureTitle } from '../forms/state';
import { href } from '../routes';
import { Island } from './Island';
import { usePage } from './page-context';

/** What both forms share, in the page's language: success texts, failure notices, the e-mail alternative. */
function useShared(form: FormKind) {
  const { t, locale, config } = usePage();
  return {
    locale,
    homeHref: href('home', locale),
    siteKey: config.TURNSTILE_SITE_KEY,
    scriptUrl: config.TURNSTILE_SCRIPT_URL,
    contactEmail: site.email,
    messages: errorMessages(form, t, locale),
    failureTitle: failureTitle(form, t),
    genericError: t('forms.errors.generic', { email: site.email }),
    tooMany: t('forms.errors.tooMany'),
    success: {
      title: t('forms.success.title'),
      text: t(form === 'contact' ? 'forms.success.text' : 'forms.success.estimateText'),
      spam: t('forms.success.spam'),
      home: t('forms.success.home'),
      countdown: t('forms.success.countdown', { seconds: '{{seconds}}' }),
      stay: t('forms.success.stay'),
    },
    alternativeTexts: {
      lead: t('forms.alternative.lead'),
      leadFailed: t('forms.alternative.leadFailed'),
      link: t('forms.alternative.link'),
      address: t('forms.alternative.address'),
    },
  };
}

/**
 * After a success without JavaScript, the page itself goes home after 10 s,
 * as the island's countdown does. Inside <noscript>, so it exists only for
 * visitors without JavaScript: with it, the countdown and its "stay" button decide.
 */
function RefreshHome({ state }: { state: FormState }) {
  const { locale } = usePage();
  return state.sent ? (
    <noscript>
      <meta httpEquiv="refresh" content={`10;url=${href('home', locale)}`} />
    </noscript>
  ) : null;
}

export function ContactFormIsland({ page, state = emptyForm }: { page: 'contact' | 'home'; state?: FormState }) {
  const { t } = usePage();
  const { alternativeTexts, ...shared } = useShared('contact');
  const l = (
    k:
      | 'firstName'
      | 'lastName'
      | 'email'
      | 'phone'
      | 'source'
      | 'message'
      | 'sourcePlaceholder'
      | 'counter'
      | 'consent'
      | 'submit'
      | 'sending'
      | 'honeypot'
      | 'captcha',
  ) => t(`forms.contact.${k}`, k === 'counter' ? { count: '{{count}}' } : undefined);
  return (
    <div id="contact-form" className="form-card">
      <RefreshHome state={state} />
      <h2>{t('forms.contact.title')}</h2>
      <Island
        name="ContactForm"
        props={{
          ...shared,
          endpoint: '/api/contact',
          page,
          labels: {
            firstName: l('firstName'),
            lastName: l('lastName'),
            email: l('email'),
            phone: l('phone'),
            source: l('source'),
            message: l('message'),
            sourcePlaceholder: l('sourcePlaceholder'),
            counter: l('counter'),
            consent: l('consent'),
            submit: l('submit'),
            sending: l('sending'),
            honeypot: l('honeypot'),
            captcha: l('captcha'),
            noscript: t('forms.contact.noscript', { email: site.email }),
          },
          sources: CONTACT_SOURCES.map((value) => ({ value, label: t(`forms.contact.sources.${value}`) })),
          alternative: {
            ...alternativeTexts,
            subject: t('forms.alternative.contactSubject'),
            subjectNamed: t('forms.alternative.contactSubjectNamed', { name: '{{name}}' }),
          },
          state,
        }}
      />
    </div>
  );
}

export function EstimatorIsland({ state = emptyForm }: { state?: FormState }) {
  const { t, locale } = usePage();
  const { alternativeTexts, ...shared } = useShared('estimate');
  const e = (
    k: 'service' | 'words' | 'source' | 'targets' | 'targetsHint' | 'email' | 'comments' | 'submit' | 'disclaimer' | 'liveEmpty',
  ) => t(`forms.estimate.${k}`);
  return (
    <div id="estimate-form" className="form-card">
      <RefreshHome state={state} />
      <h2>{t('forms.estimate.title')}</h2>
      <Island
        name="TranslationEstimator"
        props={{
          ...shared,
          endpoint: '/api/translation-estimate',
          // The rates only (not the `sample` flag): the few numbers the live estimate needs.
          pricing: {
            currency: pricing.currency,
            perWord: pricing.perWord,
            minimumPerLanguage: pricing.minimumPerLanguage,
            rounding: pricing.rounding,
            quotedOnRequest: pricing.quotedOnRequest,
          },
          labels: {
            service: e('service'),
            words: e('words'),
            source: e('source'),
            targets: e('targets'),
            targetsHint: e('targetsHint'),
            email: e('email'),
            comments: e('comments'),
            submit: e('submit'),
            sending: t('forms.contact.sending'),
            disclaimer: e('disclaimer'),
            liveEmpty: e('liveEmpty'),
            onRequest: onRequestNote(t, locale, pricing.quotedOnRequest),
            live: t('forms.estimate.live', { amount: '{{amount}}' }),
            minimum: t('forms.estimate.minimum', { minimum: formatMoney(pricing.minimumPerLanguage, locale) }),
            honeypot: t('forms.contact.honeypot'),
            captcha: t('forms.contact.captcha'),
            noscript: t('forms.contact.noscript', { email: site.email }),
            consent: t('forms.contact.consent'),
          },
          services: Object.fromEntries(SERVICES.map((s) => [s, t(`forms.estimate.services.${s}`)])) as Record<
            (typeof SERVICES)[number],
            string
          >,
          serviceHelp: Object.fromEntries(SERVICES.map((s) => [s, t(`forms.estimate.serviceHelp.${s}`)])) as Record<
            (typeof SERVICES)[number],
            string
          >,
          oneLanguage: {
            text: t('forms.estimate.oneLanguage.text'),
            link: t('forms.estimate.oneLanguage.link'),
            href: `${href('contact', locale)}?topic=proofreading#contact-form`,
          },
          languages: Object.fromEntries(LANGUAGES.map((l) => [l, t(`forms.estimate.languages.${l}`)])) as Record<
            (typeof LANGUAGES)[number],
            string
          >,
          alternative: {
            ...alternativeTexts,
            subject: t('forms.alternative.estimateSubject'),
            line: t('forms.labelled', { label: '{{label}}', value: '{{value}}' }),
          },
          state,
        }}
      />
    </div>
  );
}
