import { site } from '#content/index.ts';
import { Menu, X } from '../icons';
import { usePage } from '../page-context';
import { Brand } from './Brand';
import { LanguageSwitch } from './LanguageSwitch';
import { LoginMenu } from './LoginMenu';
import { NavLinks } from './NavLinks';

/**
 * Logo, main navigation, login menu and language switch. Menus are <details>
 * elements: they open with a click, a tap, Enter or Space, with or without
 * JavaScript. On a phone the same links sit behind the "Menu" disclosure,
 * whose button reads "Fermer" with an X while it is open; the page behind is
 * dimmed by a backdrop drawn by that button (a tap on it closes the menu) and
 * does not scroll (client/styles/layout.css).
 */
export function SiteHeader() {
  const { t } = usePage();
  return (
    <header className="site-header">
      <div className="container header-bar">
        <Brand />
        <nav className="nav-desktop" aria-label={t('a11y.mainNav')}>
          <NavLinks />
        </nav>
        <div className="header-actions">
          <LoginMenu />
          <LanguageSwitch />
        </div>
        <details className="nav-mobile">
          <summary>
            <Menu className="when-closed" aria-hidden="true" size={20} />
            <X className="when-open" aria-hidden="true" size={20} />
            <span className="nav-mobile-label">
              <span className="when-closed">{t('nav.menu')}</span>
              <span className="when-open">{t('nav.close')}</span>
            </span>
          </summary>
          <nav className="nav-mobile-panel" aria-label={t('a11y.mobileNav')}>
            <NavLinks />
            <ul className="nav-mobile-login" aria-label={t('nav.login')}>
              <li>
                <a href={site.platforms.students}>{t('nav.loginStudent')}</a>
              </li>
              <li>
                <a href={site.platforms.alumni}>{t('nav.loginAlumni')}</a>
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
