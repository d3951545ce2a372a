import type { ReactNode } from 'react';
import { site } from '#content/index.ts';
import { usePage } from '../components/page-context';
import { href } from '../paths';
import type { FormSchema } from './define';
import { emptyForm, errorMessages, type FormState } from './state';
import type { FormIslandProps } from './use-form';

/** The form's state on this page: what the server refused, a success, or a start from the query (worker/routes/pages). */
function useFormState(name: string): FormState {
  return usePage().forms[name] ?? emptyForm;
}

/** What every form island needs, in the page's language: where it posts, its messages, success and failure texts. */
export function useFormIslandProps(form: FormSchema): FormIslandProps {
  const { t, locale, config } = usePage();
  return {
    endpoint: form.endpoint,
    locale,
    homeHref: href('home', locale),
    siteKey: config.TURNSTILE_SITE_KEY,
    scriptUrl: config.TURNSTILE_SCRIPT_URL,
    contactEmail: site.email,
    messages: errorMessages(t, form.texts.errors),
    failureTitle: t(form.texts.failureTitle),
    genericError: t('forms.errors.generic', { email: site.email }),
    tooMany: t('forms.errors.tooMany'),
    success: {
      title: t('forms.success.title'),
      text: t(form.texts.success),
      // The test site has no mail key (docs/operations.md, "The test site"): say that nothing was mailed, as no e-mail will come.
      ...(config.ENVIRONMENT === 'staging' ? { testSite: t('forms.success.testSite') } : {}),
      spam: t('forms.success.spam'),
      home: t('forms.success.home'),
      countdown: t('forms.success.countdown', { seconds: '{{seconds}}' }),
      stay: t('forms.success.stay'),
    },
    alternative: {
      lead: t('forms.alternative.lead'),
      leadFailed: t('forms.alternative.leadFailed'),
      link: t('forms.alternative.link'),
      address: t('forms.alternative.address'),
    },
    state: useFormState(form.name),
  };
}

/**
 * A form on its page: the `#<name>-form` anchor a post without JavaScript
 * comes back to, its title, and the island. After a success without
 * JavaScript, the page itself goes home after 10 s, as the island's countdown
 * does: inside <noscript>, so with JavaScript the countdown and its "stay"
 * button decide.
 */
export function FormCard({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  const { locale } = usePage();
  const state = useFormState(name);
  return (
    <div id={`${name}-form`} className="form-card">
      {state.sent && (
        <noscript>
          <meta httpEquiv="refresh" content={`10;url=${href('home', locale)}`} />
        </noscript>
      )}
      <h2>{title}</h2>
      {children}
    </div>
  );
}
