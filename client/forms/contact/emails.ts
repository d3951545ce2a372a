import type { Translate } from '../../i18n';
import type { MailLine, Sent } from '../define';
import { CONTACT_SOURCES, type ContactTopic } from './schema';

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** To the association: the topic, every field, and the visitor's name for Reply-To. */
export function associationMail({ fields: f }: Sent<never>, t: Translate) {
  const name = `${str(f.firstName)} ${str(f.lastName)}`.trim();
  const topic = f.topic ? (str(f.topic) as ContactTopic) : undefined;
  const topicLabel = topic ? t(`forms.contact.topics.${topic}.label`) : undefined;
  const lines: MailLine[] = [
    ...(topicLabel ? [{ label: t('forms.mail.topic'), value: topicLabel }] : []),
    { label: t('forms.contact.firstName'), value: str(f.firstName) },
    { label: t('forms.contact.lastName'), value: str(f.lastName) },
    { label: t('forms.contact.email'), value: str(f.email) },
    { label: t('forms.contact.phone'), value: str(f.phone) || '—' },
    {
      label: t('forms.contact.source'),
      value: CONTACT_SOURCES.includes(f.source as never)
        ? t(`forms.contact.sources.${f.source as (typeof CONTACT_SOURCES)[number]}`)
        : str(f.source),
    },
    { label: t('forms.contact.message'), value: str(f.message) },
  ];
  const subject = topicLabel ? t('forms.mail.contactTopicSubject', { name, topic: topicLabel }) : t('forms.mail.contactSubject', { name });
  return { subject, lines, name };
}
