import * as z from 'zod/mini';
import { freeText, oneLine, personName, emailAddress } from './fields';

/**
 * The contact / quote form (spec §3, §5), shared by the island (checks on
 * blur and submit) and the Worker (the same rules on the server).
 */
export const CONTACT_SOURCES = ['acquaintance', 'newsletter', 'events', 'social_networks', 'call', 'other'] as const;
/** Requests another page can start for the visitor (`/contact?topic=proofreading`). */
export const CONTACT_TOPICS = ['proofreading'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const MESSAGE_MAX = 500;

export const contactFields = {
  firstName: personName(),
  lastName: personName(),
  email: emailAddress(),
  phone: z._default(
    oneLine(40).check(z.refine((v) => v === '' || /^\+?[0-9 ().\/-]{6,40}$/.test(v), 'false_phone')),
    '',
  ),
  source: z.enum(CONTACT_SOURCES, 'required'),
  message: z.pipe(freeText(MESSAGE_MAX), z.string().check(z.minLength(1, 'required'))),
  /** Set by the page that sent the visitor here; anything else is ignored. */
  topic: z.catch(z.optional(z.enum(CONTACT_TOPICS)), undefined),
};
export const contactSchema = z.object(contactFields);
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.infer<typeof contactSchema>;
export type ContactField = keyof Contact;
