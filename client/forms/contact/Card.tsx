import { site } from '#content/index.ts';
import { Island } from '../../components/Island';
import { usePage } from '../../components/page-context';
import { FormCard, useFormIslandProps } from '../card';
import type { ContactFormProps } from './island';
import { CONTACT_SOURCES, contactSchema } from './schema';

const LABELS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'source',
  'message',
  'sourcePlaceholder',
  'consent',
  'submit',
  'sending',
  'honeypot',
  'captcha',
] as const satisfies readonly (keyof ContactFormProps['labels'])[];

/** The contact form on the contact page and the home page, in the page's language. */
export function ContactCard() {
  const { t, route } = usePage();
  const shared = useFormIslandProps(contactSchema);
  return (
    <FormCard name={contactSchema.name} title={t('forms.contact.title')}>
      <Island
        name="ContactForm"
        props={{
          ...shared,
          page: route ?? '',
          labels: {
            ...(Object.fromEntries(LABELS.map((k) => [k, t(`forms.contact.${k}`)])) as Record<(typeof LABELS)[number], string>),
            counter: t('forms.contact.counter', { count: '{{count}}' }),
            noscript: t('forms.contact.noscript', { email: site.email }),
          },
          sources: CONTACT_SOURCES.map((value) => ({ value, label: t(`forms.contact.sources.${value}`) })),
          alternative: {
            ...shared.alternative,
            subject: t('forms.alternative.contactSubject'),
            subjectNamed: t('forms.alternative.contactSubjectNamed', { name: '{{name}}' }),
          },
        }}
      />
    </FormCard>
  );
}
