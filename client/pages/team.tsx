import { useId } from 'react';
import { team } from '#content/index.ts';
import { OrgChart } from '../components/OrgChart';
import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';
import { Section } from '../components/Section';
import { definePage } from '../page';
import { href } from '../routes';

const schools = ['epfl', 'unil'] as const;

/** The two schools the members come from. Not a <Section>: the heading sits in the text column, beside the picture. */
function Schools({ headingId }: { headingId: string }) {
  const { t } = usePage();
  return (
    <section className="section section-alt" aria-labelledby={headingId}>
      <div className="container schools-grid">
        <div className="schools-text">
          <h2 id={headingId}>{t('pages.team.schoolsHeading')}</h2>
          <p className="lead">{t('pages.team.schoolsText')}</p>
          <ul className="school-list">
            {schools.map((s) => (
              <li key={s}>
                <span className="school-badge">{t(`pages.team.schools.${s}.name`)}</span>
                {t(`pages.team.schools.${s}.full`)}
              </li>
            ))}
          </ul>
        </div>
        {/* Where the team photo will go: until then, a drawing that says nothing the text does not. */}
        <img
          className="team-photo"
          src="/images/illustrations/team-desk.svg"
          width={640}
          height={400}
          alt=""
          loading="lazy"
          decoding="async"
        />
      </div>
    </section>
  );
}

/** About 30 students from two schools: the roles as an organisation chart, the schools, and how to join. */
function TeamPage() {
  const { t, locale } = usePage();
  const schoolsId = useId();
  return (
    <>
      <PageIntro title={t('pages.team.heading')} intro={t('pages.team.intro')} />

      {team.length > 0 && (
        <Section title={t('pages.team.orgHeading')} lead={t('pages.team.orgText')}>
          <OrgChart team={team} />
        </Section>
      )}

      <Schools headingId={schoolsId} />

      <div className="container section">
        <div className="cta-band">
          <h2>{t('pages.team.joinHeading')}</h2>
          <p>{t('pages.team.joinText')}</p>
          <a className="button" href={`${href('jobs', locale)}#join`}>
            {t('pages.team.joinCta')}
          </a>
        </div>
      </div>
    </>
  );
}

export default definePage({
  path: '/team',
  Component: TeamPage,
});
