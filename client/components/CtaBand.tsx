import { site } from '#content/index.ts';
import { href } from '../paths';
import { usePage } from './page-context';

/** The closing call to action: ask for a quote. */
export function CtaBand({ title, text, cta }: { title: string; text: string; cta: string }) {
  const { t, locale } = usePage();
  return (
    <div className="container section">
      <div className="cta-band">
        <h2>{title}</h2>
        <p>{text}</p>
        <a className="button" href={href('contact', locale)}>
          {cta}
        </a>
        <p>
          {t('pages.home.contactOr')} <a href={`mailto:${site.email}`}>{site.email}</a>
        </p>
      </div>
    </div>
  );
}
