import { site } from '#content/index.ts';
import { Mail } from '../icons';
import { KeepHyphenatedWords } from '../KeepHyphenatedWords';
import { usePage } from '../page-context';

const nextSteps = ['reply', 'contact', 'free'] as const;

/** Beside the home page's contact form: when the association answers, what happens next, and its e-mail address. */
export function ContactAside() {
  const { t } = usePage();
  return (
    <div className="contact-aside">
      <p className="contact-promise">
        <strong>{t('pages.home.contactAside.promiseValue')}</strong>
        <span>{t('pages.home.contactAside.promiseText')}</span>
      </p>
      <div>
        <h3>{t('pages.home.contactAside.heading')}</h3>
        <ol className="next-steps">
          {nextSteps.map((k) => (
            <li key={k}>{t(`pages.home.contactAside.${k}`)}</li>
          ))}
        </ol>
      </div>
      <div className="contact-direct">
        <Mail aria-hidden="true" size={24} />
        <p>
          <strong>
            <KeepHyphenatedWords text={t('pages.home.contactAside.emailHeading')} />
          </strong>
          <br />
          {t('pages.home.contactAside.emailText')} <a href={`mailto:${site.email}`}>{site.email}</a>
        </p>
      </div>
      <img
        className="contact-art"
        src="/images/illustrations/contact-plane.svg"
        width={360}
        height={200}
        alt=""
        loading="lazy"
        decoding="async"
      />
    </div>
  );
}
