import { SERVICE_IDS, type ServiceId } from '#content/ids.ts';
import type { MessageKey } from '../../i18n';
import { href, type PageId } from '../../paths';
import { usePage } from '../page-context';
import { MenuChevron } from './MenuChevron';

/** The service pages, in the order of content/ids.ts's SERVICE_IDS (each id is also its route's). */
export const serviceLinks: { id: ServiceId; label: MessageKey }[] = SERVICE_IDS.map((id) => ({ id, label: `services.${id}` }));

const mainLinks: { id: PageId; label: MessageKey }[] = [
  { id: 'portfolio', label: 'nav.portfolio' },
  { id: 'team', label: 'nav.team' },
  { id: 'events', label: 'nav.events' },
  { id: 'jobs', label: 'nav.jobs' },
  { id: 'news', label: 'nav.news' },
];

/** The navigation entries, shared by the desktop bar and the phone menu. */
export function NavLinks() {
  const { t, locale, route, listing } = usePage();
  const current = (id: PageId) => (id === route ? 'page' : undefined);
  // On an offer or an article, its listing is marked too ('true': the section, not the page).
  const within = (id: PageId) => (id === listing ? 'true' : undefined);
  const inServices = serviceLinks.some((s) => s.id === route);
  return (
    <ul className="nav-list">
      <li>
        <details className="dropdown">
          <summary aria-current={inServices ? 'true' : undefined}>
            {t('nav.services')}
            <MenuChevron />
          </summary>
          <ul className="dropdown-panel">
            <li>
              <a href={`${href('home', locale)}#services`}>{t('nav.allServices')}</a>
            </li>
            {serviceLinks.map((s) => (
              <li key={s.id}>
                <a href={href(s.id, locale)} aria-current={current(s.id)}>
                  {t(s.label)}
                </a>
              </li>
            ))}
          </ul>
        </details>
      </li>
      {mainLinks.map((l) => (
        <li key={l.id}>
          <a href={href(l.id, locale)} aria-current={current(l.id) ?? within(l.id)}>
            {t(l.label)}
          </a>
        </li>
      ))}
      <li>
        <a className="button button-small" href={href('contact', locale)} aria-current={current('contact')}>
          {t('nav.contact')}
        </a>
      </li>
    </ul>
  );
}
