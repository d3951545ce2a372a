import { site } from '#content/index.ts';
import type { CampusEvent } from '#content/schema.ts';
import { EventList, figureItem, StatList } from '../components/lists';
import { Island } from '../components/Island';
import { usePage } from '../components/page-context';
import type { SignatureFields } from '../islands/SignatureGenerator';
import { href } from '../routes';

const tvStats = ['projects', 'students', 'partnerships', 'founded'] as const;

/** /tools/tv: the office screen, readable from across the room: key figures and what's next. */
export function TvPage({ data }: { data: { upcoming: CampusEvent[] } }) {
  const { t, locale } = usePage();
  return (
    <div className="tool tool-tv">
      <img src="/images/logo.svg" width={96} height={96} alt={t('site.logoAlt')} />
      <h1>{t('pages.tv.heading')}</h1>
      <p className="lead">{t('pages.tv.intro')}</p>
      <StatList stats={tvStats.map((id) => figureItem(site.figures.find((f) => f.id === id)!, locale, t))} />
      <h2>{t('pages.tv.eventsHeading')}</h2>
      <EventList events={data.upcoming.slice(0, 3)} />
    </div>
  );
}

/** /tools/recruit: where the recruitment forum's QR code leads. */
export function RecruitPage() {
  const { t, locale } = usePage();
  return (
    <div className="tool">
      <img src="/images/logo.svg" width={64} height={64} alt={t('site.logoAlt')} />
      <h1>{t('pages.recruit.heading')}</h1>
      <p className="lead">{t('pages.recruit.intro')}</p>
      <p><a className="button" href={href('jobs', locale)}>{t('pages.recruit.cta')}</a></p>
    </div>
  );
}

export function signaturePage(variant: 'html' | 'phone') {
  function Page({ data }: { data: { initial: SignatureFields } }) {
    const { t, config } = usePage();
    const s = (key: 'name' | 'role' | 'phone' | 'email' | 'preview' | 'update' | 'copy' | 'copied' | 'copyFailed' | 'namePlaceholder' | 'rolePlaceholder') =>
      t(`pages.signature.${key}`);
    return (
      <div className="tool">
        <h1>{t(variant === 'html' ? 'pages.signature.heading' : 'pages.signature.phoneHeading')}</h1>
        <p className="lead">{t(variant === 'html' ? 'pages.signature.intro' : 'pages.signature.phoneIntro')}</p>
        <Island
          name="SignatureGenerator"
          props={{
            variant,
            initial: data.initial,
            org: { name: t('site.name'), fullName: t('site.fullName'), address: site.address, website: config.SITE_URL },
            labels: {
              name: s('name'), role: s('role'), phone: s('phone'), email: s('email'), preview: s('preview'),
              update: s('update'), copy: s('copy'), copied: s('copied'), copyFailed: s('copyFailed'),
              namePlaceholder: s('namePlaceholder'), rolePlaceholder: s('rolePlaceholder'),
            },
          }}
        />
      </div>
    );
  }
  Page.displayName = `SignaturePage(${variant})`;
  return Page;
}
