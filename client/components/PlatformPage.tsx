import { site } from '#content/index.ts';
import { GraduationCap, Users } from './icons';
import { PageIntro } from './PageIntro';
import { usePage } from './page-context';

/** Login and Register: both lead to the student job platform or the alumni network. */
export function PlatformPage({ id }: { id: 'login' | 'register' }) {
  const { t } = usePage();
  return (
    <>
      <PageIntro title={t(`pages.${id}.heading`)} intro={t(`pages.${id}.intro`)} />
      <section className="section">
        <ul className="container card-grid card-grid-2">
          <li className="card">
            <GraduationCap aria-hidden="true" size={28} className="card-icon" />
            <h2>
              <a className="card-link" href={site.platforms.students}>
                {t('nav.loginStudent')}
              </a>
            </h2>
            <p>{t(`pages.${id}.studentText`)}</p>
          </li>
          <li className="card">
            <Users aria-hidden="true" size={28} className="card-icon" />
            <h2>
              <a className="card-link" href={site.platforms.alumni}>
                {t('nav.loginAlumni')}
              </a>
            </h2>
            <p>{t(`pages.${id}.alumniText`)}</p>
          </li>
        </ul>
      </section>
    </>
  );
}
