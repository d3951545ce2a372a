import type { FormSchema } from '../define';
import { checked, emailAddress, freeText, oneLineText, oneOf, orDefault, personName, type Rule } from '../fields';

/**
 * The contact / quote form, shared by the island (checks on blur and submit)
 * and the Worker (the same rules on the server).
 */
export const CONTACT_SOURCES = ['acquaintance', 'newsletter', 'events', 'social_networks', 'call', 'other'] as const;
/** Requests another page can start for the visitor (`/contact?topic=proofreading`). */
export const CONTACT_TOPICS = ['proofreading'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const MESSAGE_MAX = 500;

const topics: readonly string[] = CONTACT_TOPICS;

const contactRules = {
  firstName: personName(),
  lastName: personName(),
  email: emailAddress(),
  phone: orDefault(
    checked(oneLineText(40), (v) => v !== '' && !/^\+?[0-9 ()./-]{6,40}$/.test(v) && 'false_phone'),
    '',
  ),
  source: oneOf(CONTACT_SOURCES, 'required'),
  message: checked(freeText(MESSAGE_MAX), (v) => v.length === 0 && 'required'),
  /** Set by the page that sent the visitor here; anything else is ignored. */
  topic: ((input) => ({ ok: true, value: topics.includes(input as string) ? (input as ContactTopic) : undefined })) as Rule<
    ContactTopic | undefined
  >,
};

/** The contact form as its island and the server both know it. */
export const contactSchema = {
  name: 'contact',
  endpoint: '/api/contact',
  rules: contactRules,
  texts: { failureTitle: 'forms.errors.formTitle', success: 'forms.success.text' },
} as const satisfies FormSchema;
