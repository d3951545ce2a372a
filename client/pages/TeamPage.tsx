import { roles, type Role } from '#content/index.ts';
import { PageIntro } from '../components/PageIntro';
import { Section } from '../components/Section';
import { usePage } from '../components/page-context';
import { href } from '../routes';

const groups: Role['group'][] = ['direction', 'projectManagers', 'poles', 'members'];

/** Spec §2/§3: about 30 students from two schools; direction, project managers, support poles, members. */
export function TeamPage() {
  const { t, locale } = usePage();
  return (
    <>
      <PageIntro title={t('pages.team.heading')} intro={t('pages.team.intro')} />
      {groups.map((group, i) => (
        <Section key={group} title={t(`pages.team.groups.${group}`)} alt={i % 2 === 1}>
          <ul className="role-grid">
            {roles.filter((r) => r.group === group).map((r) => (
              <li key={r.id} className="role">
                <h3>{r.title[locale]}</h3>
                <p>{r.description[locale]}</p>
                {r.members.length > 0 && (
                  <ul aria-label={t('pages.team.membersLabel')}>
                    {r.members.map((m) => <li key={m}>{m}</li>)}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </Section>
      ))}
      <Section title={t('pages.team.schoolsHeading')}>
        <p className="lead prose">{t('pages.team.schoolsText')}</p>
      </Section>
      <div className="container section">
        <div className="cta-band">
          <h2>{t('pages.team.joinHeading')}</h2>
          <p>{t('pages.team.joinText')}</p>
          <a className="button" href={`${href('jobs', locale)}#join`}>{t('pages.team.joinCta')}</a>
        </div>
      </div>
    </>
  );
}

