import { site } from '#content/index.ts';
import { Mail, MapPin, Phone } from '../components/icons';
import { phoneLink } from '../components/layout/SiteFooter';
import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';
import { Section } from '../components/Section';
import { Steps } from '../components/Steps';
import { ContactCard } from '../forms/contact/Card';
import { definePage } from '../page';

function ContactPage() {
  const { t, config } = usePage();
  return (
    <>
      <PageIntro title={t('pages.contact.heading')} intro={t('pages.contact.intro')} />
      <section className="section">
        <ul className="container card-grid contact-cards">
          <li className="card">
            <Mail aria-hidden="true" size={28} className="card-icon" />
            <h2>{t('pages.contact.emailLabel')}</h2>
            <p>
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </p>
          </li>
          {config.CONTACT_PHONE && (
            <li className="card">
              <Phone aria-hidden="true" size={28} className="card-icon" />
              <h2>{t('pages.contact.phoneLabel')}</h2>
              <p>
                <a href={phoneLink(config.CONTACT_PHONE).href}>{phoneLink(config.CONTACT_PHONE).display}</a>
              </p>
            </li>
          )}
          <li className="card">
            <MapPin aria-hidden="true" size={28} className="card-icon" />
            <h2>{t('pages.contact.addressLabel')}</h2>
            <p>{site.address}</p>
          </li>
        </ul>
      </section>
      <section id="request" className="section section-alt" aria-label={t('forms.contact.title')}>
        <div className="container form-layout">
          <ContactCard />
        </div>
      </section>
      <Section title={t('pages.contact.nextHeading')}>
        <Steps steps={process.map((p) => ({ title: t(`pages.home.process.${p}.title`), text: t(`pages.home.process.${p}.text`) }))} />
      </Section>
    </>
  );
}

const process = ['contact', 'quote', 'team', 'delivery'] as const;

export default definePage({
  Component: ContactPage,
});
