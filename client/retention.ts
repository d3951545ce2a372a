/**
 * How long the site keeps what it keeps, in days. The Worker applies these
 * (the outbox forgets sent requests, the language cookie expires) and the
 * privacy page states them (client/pages/privacy.tsx puts them where the
 * policy writes `{{retentionDays}}` and `{{cookieDays}}`), so the page cannot
 * promise one duration while the code keeps another.
 */

/** A request whose e-mails are out stays this long in the outbox (for support questions), then goes; one that could not be mailed stays until someone resends or deletes it. */
export const SENT_RETENTION_DAYS = 30;

/** The `lang` cookie, which remembers the visitor's language. */
export const LANGUAGE_COOKIE_DAYS = 365;
