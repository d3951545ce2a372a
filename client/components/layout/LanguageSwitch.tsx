import { locales } from '../../i18n';
import { localizePath } from '../../paths';
import { usePage } from '../page-context';

/**
 * Both flags, the current language marked. Each is a plain link to the same
 * page in that language: no script, and the server updates the cookie.
 */
export function LanguageSwitch() {
  const { t, locale, path } = usePage();
  const target = path ?? '/';
  return (
    <ul className="lang-switch" aria-label={t('a11y.languageSwitch')}>
      {locales.map((l) => (
        <li key={l}>
          <a href={localizePath(target, l)} hrefLang={l} lang={l} aria-current={l === locale ? 'true' : undefined}>
            <img src={`/images/flags/${l === 'fr' ? 'fr' : 'gb'}.svg`} width={24} height={16} alt="" fetchPriority="low" />
            <span aria-hidden="true">{t(l === 'fr' ? 'language.frShort' : 'language.enShort')}</span>
            <span className="sr-only">{t(l === 'fr' ? 'language.fr' : 'language.en')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
