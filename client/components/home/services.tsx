import type { ServiceId } from '#content/schema.ts';
import { href } from '../../routes';
import { ArrowRight, ChartLine, Code, Cog, type Icon, Languages, Palette } from '../icons';
import { serviceLinks } from '../layout/NavLinks';
import { usePage } from '../page-context';

const serviceIcons: Record<ServiceId, Icon> = {
  digital: Code,
  engineering: Cog,
  translation: Languages,
  economy: ChartLine,
  design: Palette,
};

/** A card's link text with its arrow kept beside the last word, however the title wraps ("Design et / marketing →"). */
function LabelWithArrow({ label }: { label: string }) {
  const cut = label.lastIndexOf(' ') + 1;
  return (
    <>
      {label.slice(0, cut)}
      <span className="card-link-end">
        {label.slice(cut)}
        {'\u00a0'}
        <ArrowRight aria-hidden="true" size={16} />
      </span>
    </>
  );
}

/** A card per service, in the header's order: its icon, its page's link and description. */
export function ServiceCards() {
  const { t, locale } = usePage();
  return (
    <ul className="card-grid card-grid-services services-grid">
      {serviceLinks.map(({ id, label }) => {
        const Icon = serviceIcons[id];
        return (
          <li key={id} className="card">
            <Icon aria-hidden="true" size={28} className="card-icon" />
            <h3>
              <a className="card-link" href={href(id, locale)}>
                <LabelWithArrow label={t(label)} />
              </a>
            </h3>
            <p>{t(`meta.${id}.description`)}</p>
          </li>
        );
      })}
    </ul>
  );
}
