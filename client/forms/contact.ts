import { z } from 'zod';

/**
 * The contact / quote form (spec §3, §5). Shared by the island (validation on
 * blur and submit) and the Worker (the same rules on the server). Each rule's
 * message is an error code; `formMessages` turns codes into the visitor's
 * language.
 */
export const CONTACT_SOURCES = ['acquaintance', 'newsletter', 'events', 'social_networks', 'call', 'other'] as const;
export const MESSAGE_MAX = 500;

/** No CR/LF or other control characters: a value may end up in an e-mail header. */
const line = (max: number, missing = 'required', invalid = 'invalid') =>
  z
    .string(missing)
    .trim()
    .max(max, 'too_long')
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), invalid);

export const contactSchema = z.object({
  firstName: line(100).pipe(z.string().min(1, 'required')),
  lastName: line(100).pipe(z.string().min(1, 'required')),
  email: line(254, 'false_email', 'false_email').pipe(z.email('false_email')),
  phone: line(40).refine((v) => v === '' || /^\+?[0-9 ().\/-]{6,40}$/.test(v), 'false_phone').default(''),
  source: z.enum(CONTACT_SOURCES, 'required'),
  message: z.string('required').trim().min(1, 'required').max(MESSAGE_MAX, 'long_message'),
});
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.infer<typeof contactSchema>;
export type ContactField = keyof Contact;
