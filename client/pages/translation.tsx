import { PRICER_LANGUAGES } from '#content/ids.ts';
import { site } from '#content/index.ts';
import { Languages } from '../components/icons';
import { usePage } from '../components/page-context';
import { Section } from '../components/Section';
import { ServicePage, serviceById } from '../components/ServicePage';
import { Steps } from '../components/Steps';
import { EstimateCard } from '../forms/estimate/Card';
import { definePage } from '../page';

/** The translation service, with the price estimator in place of the steps. */
function TranslationPage() {
  return <ServicePage id="translation" pricer={<Pricer />} />;
}

function Pricer() {
  const { t, locale } = usePage();
  const service = serviceById('translation');
  const languageCount = site.figures.find((f) => f.id === 'languages');
  return (
    <Section id="estimate" title={t('pages.services.pricerHeading')} lead={t('pages.services.pricerText')}>
      <div className="pricer-layout">
        <div className="pricer-info">
          <div className="languages-panel">
            <h3>
              <Languages aria-hidden="true" size={22} /> {t('pages.translation.languagesHeading')}
            </h3>
            <ul className="language-chips">
              {PRICER_LANGUAGES.map((l) => (
                <li key={l} className={l === 'other' ? 'language-chip language-chip-other' : 'language-chip'}>
                  {t(`forms.estimate.languages.${l}`)}
                </li>
              ))}
            </ul>
            <p>{t('pages.translation.languagesText')}</p>
            {languageCount && (
              <p className="languages-figure">
                <strong>{languageCount.value[locale]}</strong> <span>{languageCount.label[locale]}</span>
              </p>
            )}
          </div>
          <h3>{t('pages.services.stepsHeading')}</h3>
          <Steps steps={service.steps[locale]} layout="list" level={4} />
        </div>
        <div className="pricer-form">
          <EstimateCard />
        </div>
      </div>
    </Section>
  );
}

export default definePage({
  Component: TranslationPage,
});
