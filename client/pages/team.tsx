import { useId } from 'react';
import { type Role, team } from '#content/index.ts';
import { Briefcase, CalendarDays, Code, GraduationCap, Handshake, type Icon, Link, Megaphone, Scale, Users } from '../components/icons';
import { PageIntro } from '../components/PageIntro';
import { Picture } from '../components/Picture';
import { usePage } from '../components/page-context';
import { Section } from '../components/Section';
import { definePage } from '../page';
import { href } from '../paths';

const schools = ['epfl', 'unil'] as const;

/** An icon for the roles that have an obvious one (the others go without). */
const roleIcons: Partial<Record<string, Icon>> = {
  'project-managers': Briefcase,
  'pole-external': Handshake,
  'pole-events': CalendarDays,
  'pole-human-resources': Users,
  'pole-student': GraduationCap,
  'pole-partnerships': Link,
  'pole-marketing': Megaphone,
  'pole-it': Code,
  'pole-legal': Scale,
  'committee-members': Users,
};

/** One role: its title, what it does and, once the association has filled them in, who holds it. */
function RoleCard({ role, level, className = 'org-card' }: { role: Role; level: 3 | 4; className?: string }) {
  const { t, locale } = usePage();
  const Heading = level === 3 ? 'h3' : 'h4';
  const RoleIcon = roleIcons[role.id];
  return (
    <div className={className}>
      {RoleIcon && (
        <span className="org-icon">
          <RoleIcon aria-hidden="true" size={20} />
        </span>
      )}
      <Heading>{role.title[locale]}</Heading>
      <p>{role.description[locale]}</p>
      {role.members.length > 0 && (
        <ul className="org-members" aria-label={t('pages.team.membersLabel')}>
          {role.members.map((m) => (
            <li key={m.name} className={m.photo ? 'org-member org-member-photo' : 'org-member'}>
              {m.photo && <Picture className="org-portrait" image={{ file: m.photo }} sizes="2.5rem" />}
              {m.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The roles of the team (content/team.json) as an organisation chart: the
 * presidency, the vice-presidencies under it, then the support poles, and the
 * project managers and committee members who run the mandates. On wide
 * screens lines join the levels; on a phone they stack along a rail.
 */
function OrgChart({ team }: { team: Role[] }) {
  const { t } = usePage();
  const of = (group: Role['group']) => team.filter((r) => r.group === group);
  const [head, ...vicePresidents] = of('direction');
  const poles = of('poles');
  // The project managers and the committee members: a group of one role shows that role's own title.
  const field = (['projectManagers', 'members'] as const).map((group) => ({ group, items: of(group) })).filter((g) => g.items.length > 0);
  return (
    <div className="org">
      {head && (
        <div className="org-level org-direction">
          <h3 className="org-label">{t('pages.team.groups.direction')}</h3>
          <RoleCard role={head} level={4} className="org-card org-card-head" />
          {vicePresidents.length > 0 && (
            <ul className={`org-vps org-vps-${vicePresidents.length}`}>
              {vicePresidents.map((r) => (
                <li key={r.id}>
                  <RoleCard role={r} level={4} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {poles.length > 0 && (
        <div className="org-level org-poles">
          <h3 className="org-label">{t('pages.team.groups.poles')}</h3>
          <ul className="org-pole-grid">
            {poles.map((r) => (
              <li key={r.id}>
                <RoleCard role={r} level={4} className="org-card org-card-pole" />
              </li>
            ))}
          </ul>
        </div>
      )}
      {field.length > 0 && <Field field={field} />}
    </div>
  );
}

/** The project managers and the committee members who run the mandates. */
function Field({ field }: { field: { group: 'projectManagers' | 'members'; items: Role[] }[] }) {
  const { t } = usePage();
  return (
    <ul className="org-level org-field">
      {field.map(({ group, items }) => (
        <li key={group}>
          {items.length === 1 ? (
            <RoleCard role={items[0]!} level={3} className="org-card org-card-field" />
          ) : (
            <>
              <h3 className="org-label">{t(`pages.team.groups.${group}`)}</h3>
              <ul className="org-field-group">
                {items.map((r) => (
                  <li key={r.id}>
                    <RoleCard role={r} level={4} className="org-card org-card-field" />
                  </li>
                ))}
              </ul>
            </>
          )}
        </li>
      ))}
    </ul>
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

      {/* Not <Section>: the heading sits in the text column, beside the picture. */}
      <section className="section section-alt" aria-labelledby={schoolsId}>
        <div className="container schools-grid">
          <div className="schools-text">
            <h2 id={schoolsId}>{t('pages.team.schoolsHeading')}</h2>
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
  Component: TeamPage,
});
