import type { Partner } from '#content/schema.ts';
import { Briefcase, GraduationCap, type Icon, Users } from '../icons';
import { Picture } from '../Picture';
import { usePage } from '../page-context';

const partnerIcons: Record<Partner['kind'], Icon> = { academic: GraduationCap, company: Briefcase, network: Users };

/** 'https://www.epfl.ch/fr' -> 'epfl.ch': what a partner's link shows. */
function host(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/** The association's partners: each with its kind, its logo when it has one, its words and its site. */
export function PartnerGrid({ partners }: { partners: Partner[] }) {
  const { t, locale } = usePage();
  return (
    <ul className="partner-grid">
      {partners.map((p) => {
        const KindIcon = partnerIcons[p.kind];
        return (
          <li key={p.id} className="partner">
            <p className="partner-kind">
              <span className="partner-icon">
                <KindIcon aria-hidden="true" size={20} />
              </span>
              {t(`pages.home.partnerKinds.${p.kind}`)}
            </p>
            {p.logo && <Picture className="partner-logo" image={{ file: p.logo }} sizes="10rem" />}
            <h3>{p.name[locale]}</h3>
            <p className="partner-text">{p.description[locale]}</p>
            {p.url && (
              <p className="partner-link">
                <a href={p.url}>{host(p.url)}</a>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
