import { IconBrandCloudflare, IconBrandInstagram, IconBrandLinkedin } from '../icons';
import { Mail, MapPin, Phone } from '../icons';
import { href, localizePath } from '../../routes';
import { usePage } from '../page-context';

export const STATUTES_PATH = '/legal/statuts_jeepfl.pdf';

/** `+41 21 693 00 00` -> `tel:+41216930000` */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}

export function SiteFooter() {
  const { t, locale, config } = usePage();
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a className="brand brand-footer" href={localizePath('/', locale)} aria-label={t('a11y.homeLink')}>
            <img src="/images/logo.svg" width={40} height={40} alt="" />
            <span className="brand-name" aria-hidden="true">{t('site.name')}</span>
          </a>
          <p>{t('site.description')}</p>
          <ul className="social-links" aria-label={t('footer.social')}>
            <li>
              <a href={config.LINKEDIN_URL} {...external}>
                <IconBrandLinkedin aria-hidden="true" size={22} />
                <span>{t('footer.linkedin')}</span>
                <span className="sr-only"> {t('a11y.opensInNewTab')}</span>
              </a>
            </li>
            <li>
              <a href={config.INSTAGRAM_URL} {...external}>
                <IconBrandInstagram aria-hidden="true" size={22} />
                <span>{t('footer.instagram')}</span>
                <span className="sr-only"> {t('a11y.opensInNewTab')}</span>
              </a>
            </li>
          </ul>
        </div>
        <nav className="footer-column" aria-labelledby="footer-services">
          <h2 id="footer-services">{t('footer.servicesTitle')}</h2>
          <ul>
            <li><a href={href('digital', locale)}>{t('services.digital')}</a></li>
            <li><a href={href('engineering', locale)}>{t('services.engineering')}</a></li>
            <li><a href={href('economy', locale)}>{t('services.economy')}</a></li>
          </ul>
        </nav>
        <div className="footer-column">
          <h2 id="footer-contact">{t('footer.contactTitle')}</h2>
          <address>
            <ul>
              <li>
                <MapPin aria-hidden="true" size={16} />
                <span><span className="sr-only">{t('footer.address')}: </span>{config.POSTAL_ADDRESS}</span>
              </li>
              <li>
                <Phone aria-hidden="true" size={16} />
                <a href={telHref(config.CONTACT_PHONE)}>
                  <span className="sr-only">{t('footer.phone')}: </span>{config.CONTACT_PHONE}
                </a>
              </li>
              <li>
                <Mail aria-hidden="true" size={16} />
                <a href={`mailto:${config.CONTACT_EMAIL}`}>
                  <span className="sr-only">{t('footer.email')}: </span>{config.CONTACT_EMAIL}
                </a>
              </li>
            </ul>
          </address>
        </div>
        <nav className="footer-column" aria-labelledby="footer-company">
          <h2 id="footer-company">{t('footer.companyTitle')}</h2>
          <ul>
            <li><a href={href('team', locale)}>{t('nav.team')}</a></li>
            <li><a href={href('jobs', locale)}>{t('nav.jobs')}</a></li>
            <li><a href={href('events', locale)}>{t('nav.events')}</a></li>
          </ul>
        </nav>
        <nav className="footer-column" aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t('footer.legalTitle')}</h2>
          <ul>
            <li><a href={STATUTES_PATH} type="application/pdf">{t('footer.statutes')}</a></li>
            <li><a href={href('privacy', locale)}>{t('footer.privacy')}</a></li>
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <p className="hosting">
          {t('footer.hostedBy')}{' '}
          <a href="https://www.cloudflare.com/" {...external}>
            <IconBrandCloudflare aria-hidden="true" size={22} />
            <span>{t('footer.hostName')}</span>
            <span className="sr-only"> {t('a11y.opensInNewTab')}</span>
          </a>
        </p>
      </div>
    </footer>
  );
}
