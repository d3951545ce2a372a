import type { Translate } from '../i18n';
import { checked, emailAddress, freeText, oneLine, oneOf, orDefault, personName, type Rule } from './fields';
import { emptyForm, type FormState } from './state';

/**
 * The contact / quote form, shared by the island (checks on blur and submit)
 * and the Worker (the same rules on the server).
 */
export const CONTACT_SOURCES = ['acquaintance', 'newsletter', 'events', 'social_networks', 'call', 'other'] as const;
/** Requests another page can start for the visitor (`/contact?topic=proofreading`). */
const CONTACT_TOPICS = ['proofreading'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const MESSAGE_MAX = 500;

const topics: readonly string[] = CONTACT_TOPICS;

export const contactRules = {
  firstName: personName(),
  lastName: personName(),
  email: emailAddress(),
  phone: orDefault(
    checked(oneLine(40), (v) => v !== '' && !/^\+?[0-9 ()./-]{6,40}$/.test(v) && 'false_phone'),
    '',
  ),
  source: oneOf(CONTACT_SOURCES, 'required'),
  message: checked(freeText(MESSAGE_MAX), (v) => v.length === 0 && 'required'),
  /** Set by the page that sent the visitor here; anything else is ignored. */
  topic: ((input) => ({ ok: true, value: topics.includes(input as string) ? (input as ContactTopic) : undefined })) as Rule<
    ContactTopic | undefined
  >,
};

/** The form's state from the query: sent, or started by another page (`?topic=proofreading`). */
export function contactFormFromQuery(query: URLSearchParams, t: Translate): { contactForm?: FormState } {
  if (query.get('sent') === 'contact') return { contactForm: { ...emptyForm, sent: true } };
  const topic = CONTACT_TOPICS.find((x) => x === query.get('topic'));
  return topic ? { contactForm: { ...emptyForm, values: { topic, message: t(`forms.contact.topics.${topic}.message`) } } } : {};
}
