import contact from './contact';
import estimate from './estimate';

/**
 * Every form of the site, by name: each one is a folder here (its schema,
 * island, card for the pages, e-mails and server step). This list is the only registry: the
 * Worker mounts, validates, stores and mails each form from it.
 */
export const forms = { contact, estimate };

export type FormName = keyof typeof forms;
