/**
 * The fixed values the content is keyed by, without a validation library:
 * the Worker imports these at request time, so they live apart from the
 * schemas (content/collection-schema.ts, content/collections.ts), which only the build
 * runs: nothing the Worker imports from content/ may pull in zod.
 */
export const LOCALES = ['fr', 'en'] as const;

/** Lower-case words joined by hyphens: content ids, job and news URLs, short links. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * An image under content/images/, by its path there, named as the phone or
 * the computer named it (`team/IMG_2041.JPG`, `Photo de groupe.jpeg`): the
 * build makes safe URLs of any name. What it refuses: a way out of the folder
 * (`..`, a leading `/`, `\`, `C:`) or a hidden file (a part starting with
 * `.`), and types other than the web's own (the extension, in any case).
 */
export const IMAGE_FILE = /^(?!.*(?:^|\/)\.)[^/\\:\u0000-\u001f]+(?:\/[^/\\:\u0000-\u001f]+)*\.(?:jpe?g|png|webp|avif|svg)$/i;

export const SERVICE_IDS = ['digital', 'engineering', 'translation', 'economy', 'design'] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];
/**
 * A portfolio project's category is the service it was done for: each of the
 * five can hold projects. Its own name, for the schemas and pages that speak
 * of categories.
 *
 * @alias
 */
export const PROJECT_CATEGORIES = SERVICE_IDS;
export type ProjectCategory = ServiceId;

/** The translation pricer's services and languages: content/pricing.json prices them, client/forms/estimate/ offers them. */
export const PRICER_SERVICES = ['translation_proofreading', 'proofreading'] as const;
export const PRICER_LANGUAGES = ['fr', 'en', 'de', 'it', 'other'] as const;
