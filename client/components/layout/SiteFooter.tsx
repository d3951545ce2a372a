import { use } from 'react';
import { partners, site } from '#content/index.ts';
import type { Translate } from '../../i18n';
import { href } from '../../paths';
import { callablePhone } from '../../phone';
import { IconBrandCloudflare, IconBrandInstagram, IconBrandLinkedin, Mail, MapPin, Phone } from '../icons';
import { PageContext, usePage } from '../page-context';
import { keptMarkupOf, type MarkupCache } from '../static-markup';
import { Brand } from './Brand';
import { ExternalLink } from './ExternalLink';

const STATUTES_PATH = '/legal/statuts_jeepfl.pdf';

/**
 * The association's phone (CONTACT_PHONE) as the footer and the contact page
 * show and link it: `021 693 00 00` -> `+41 21 693 00 00`, `tel:+41216930000`
 * (E.164, as the signature links numbers: client/phone.ts).
 */
export function phoneLink(phone: string): { display: string; href: string } {
  const callable = callablePhone(phone);
  return callable
    ? { display: callable.display, href: `tel:${callable.e164}` }
    : { display: phone, href: `tel:${phone.replace(/[^+0-9]/g, '')}` };
}

/** The association's profiles: footer and link page. */
export function socialLinks(t: Translate) {
  return [
    { label: t('footer.linkedin'), url: site.social.linkedin, Icon: IconBrandLinkedin },
    { label: t('footer.instagram'), url: site.social.instagram, Icon: IconBrandInstagram },
  ];
}

function FooterNav({ id, title, links }: { id: string; title: string; links: [href: string, label: string][] }) {
  return (
    <nav className="footer-column" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map(([to, label]) => (
          <li key={to}>
            <a href={to}>{label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The footer is the same on every page of a language: it is rendered once per
 * isolate (for each language, settings and year) and reused as HTML: about
 * 0.3 ms less CPU for each uncached page (node bench/render.mjs).
 */
const rendered: MarkupCache = new WeakMap();

export function SiteFooter() {
  const page = usePage();
  const key = `${page.locale} ${page.today.slice(0, 4)}`;
  const html = use(
    keptMarkupOf(rendered, page.config, key, () => (
      <PageContext value={page}>
        <FooterContent />
      </PageContext>
    )),
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the footer, escaped by React.
  return <footer className="site-footer" dangerouslySetInnerHTML={{ __html: html }} />;
}

function FooterContent() {
  const { t, locale, today } = usePage();
  return (
    <>
      <div className="container footer-grid">
        <FooterBrand />
        <FooterNav
          id="footer-services"
          title={t('footer.servicesTitle')}
          links={[
            [href('digital', locale), t('services.digital')],
            [href('engineering', locale), t('services.engineering')],
            [href('economy', locale), t('services.economy')],
            [`${href('home', locale)}#process`, t('footer.process')],
          ]}
        />
        <FooterContact />
        <FooterNav
          id="footer-company"
          title={t('footer.companyTitle')}
          links={[
            [href('team', locale), t('nav.team')],
            [href('jobs', locale), t('footer.jobs')],
            [href('events', locale), t('nav.events')],
            // The home page's partners, while it has any (an empty list leaves the section out).
            ...(partners.length > 0 ? [[`${href('home', locale)}#partners`, t('footer.partners')] as [string, string]] : []),
          ]}
        />
        <FooterNav
          id="footer-legal"
          title={t('footer.legalTitle')}
          links={[
            [STATUTES_PATH, t('footer.statutes')],
            [href('privacy', locale), t('footer.privacy')],
          ]}
        />
      </div>
      <div className="container footer-bottom">
        <p>{t('footer.copyright', { year: today.slice(0, 4) })}</p>
        <p className="hosting">
          {t('footer.hostedBy')}{' '}
          <ExternalLink href="https://www.cloudflare.com/">
            <IconBrandCloudflare aria-hidden="true" size={22} />
            <span>{t('footer.hostName')}</span>
          </ExternalLink>
        </p>
      </div>
    </>
  );
}

/** The association's name, what it does, and its social links. */
function FooterBrand() {
  const { t } = usePage();
  return (
    <div className="footer-brand">
      <Brand className="brand brand-footer" />
      <p>{t('site.description')}</p>
      <ul className="social-links" aria-label={t('footer.social')}>
        {socialLinks(t).map(({ label, url, Icon }) => (
          <li key={url}>
            <ExternalLink href={url}>
              <Icon aria-hidden="true" size={22} />
              <span>{label}</span>
            </ExternalLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Its address, its phone (when the site's settings give one) and its e-mail. */
function FooterContact() {
  const { t, config } = usePage();
  return (
    <div className="footer-column">
      <h2 id="footer-contact">{t('footer.contactTitle')}</h2>
      <address>
        <ul>
          <li>
            <MapPin aria-hidden="true" size={16} />
            <span>
              <span className="sr-only">{t('a11y.labelled', { label: t('footer.address') })} </span>
              {site.address}
            </span>
          </li>
          {config.CONTACT_PHONE && (
            <li>
              <Phone aria-hidden="true" size={16} />
              <a href={phoneLink(config.CONTACT_PHONE).href}>
                <span className="sr-only">{t('a11y.labelled', { label: t('footer.phone') })} </span>
                {phoneLink(config.CONTACT_PHONE).display}
              </a>
            </li>
          )}
          <li>
            <Mail aria-hidden="true" size={16} />
            <a href={`mailto:${site.email}`}>
              <span className="sr-only">{t('a11y.labelled', { label: t('footer.email') })} </span>
              {site.email}
            </a>
          </li>
        </ul>
      </address>
    </div>
  );
}
