import contact from './contact';
import estimate from './estimate';

/**
 * Every form of the site, by name: each one is a folder here (its schema,
 * island, card for the pages, e-mails, server step and export columns).
 * This list is the only registry, the one place a form is named: the Worker
 * mounts, validates, stores, mails, lists and exports each form from it
 * (worker/forms/definitions.ts).
 */
export const forms = { contact, estimate };

export type FormName = keyof typeof forms;
