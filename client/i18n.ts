import rosetta from 'rosetta';
import { messages } from '#build/data.js';
import { perKey } from './lazy';
import { type Locale, localeTags } from './locales';

export { isLocale, type Locale, locales, localeTags } from './locales';

type Messages = ReturnType<(typeof messages)['fr']>;

/** Every dot-separated path to a string in the French dictionary, e.g. `nav.team`. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;

type Params = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: Params) => string;

const i18n = rosetta<Messages>();
/**
 * Each language's messages are set on the first page in that language: parsed
 * then in Node, with the content in the Worker (worker/platform/site-data.ts).
 */
const loaded = new Set<Locale>();

/**
 * A translator bound to one locale. Never call rosetta's `locale()` during a
 * request: that state is shared by every request in the isolate.
 *
 * @example
 *   const t = createTranslator('en');
 *   t('nav.team'); // "Team"
 */
export function createTranslator(locale: Locale): Translate {
  if (!loaded.has(locale)) {
    i18n.set(locale, messages[locale]() as Messages);
    loaded.add(locale);
  }
  return (key, params) => {
    const value = i18n.t(key, params ?? {}, locale);
    // rosetta answers '' for a missing key: make it loud instead of blank.
    if (value === '') throw new Error(`Missing message "${key}" for locale "${locale}"`);
    return value;
  };
}

/** Keys whose message has a plural form per count: `pages.portfolio.count` for `.one` and `.other`. */
type PluralOf<K> = K extends `${infer P}.other` ? (`${P}.one` extends MessageKey ? P : never) : never;
export type PluralKey = PluralOf<MessageKey>;

const pluralRules = perKey((locale: Locale) => new Intl.PluralRules(localeTags[locale]));

/**
 * A count in words, by the language's plural rules (`Intl.PluralRules`):
 * French says "0 projet", "1 projet", "2 projets"; English "0 projects",
 * "1 project". A category the dictionary has no form for (French "many",
 * for a million) takes `other`. `{{count}}` in the message is the number.
 *
 * @example plural(createTranslator('fr'), 'fr', 'pages.portfolio.count', 9) // "9 projets"
 */
export function plural(t: Translate, locale: Locale, key: PluralKey, count: number): string {
  return t(`${key}.${pluralRules(locale).select(count) === 'one' ? 'one' : 'other'}`, { count });
}
