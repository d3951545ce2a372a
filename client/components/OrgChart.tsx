import type { Role } from '#content/index.ts';
import { Briefcase, CalendarDays, Code, GraduationCap, Handshake, type Icon, Link, Megaphone, Scale, Users } from './icons';
import { Picture } from './Picture';
import { usePage } from './page-context';

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
export function OrgChart({ team }: { team: Role[] }) {
  const of = (group: Role['group']) => team.filter((r) => r.group === group);
  const [head, ...vicePresidents] = of('direction');
  const poles = of('poles');
  // The project managers and the committee members: a group of one role shows that role's own title.
  const field = (['projectManagers', 'members'] as const).map((group) => ({ group, items: of(group) })).filter((g) => g.items.length > 0);
  return (
    <div className="org">
      {head && <Direction head={head} vicePresidents={vicePresidents} />}
      {poles.length > 0 && <Poles poles={poles} />}
      {field.length > 0 && <Field field={field} />}
    </div>
  );
}

function Direction({ head, vicePresidents }: { head: Role; vicePresidents: Role[] }) {
  const { t } = usePage();
  return (
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
  );
}

function Poles({ poles }: { poles: Role[] }) {
  const { t } = usePage();
  return (
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
  );
}

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
