import { z } from 'zod';
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
  phone: oneLine(40)
    .refine((v) => v === '' || /^\+?[0-9 ().\/-]{6,40}$/.test(v), 'false_phone')
    .default(''),
  source: z.enum(CONTACT_SOURCES, 'required'),
  message: freeText(MESSAGE_MAX).pipe(z.string().min(1, 'required')),
  /** Set by the page that sent the visitor here; anything else is ignored. */
  topic: z.enum(CONTACT_TOPICS).optional().catch(undefined),
};
export const contactSchema = z.object(contactFields);
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.infer<typeof contactSchema>;
export type ContactField = keyof Contact;
