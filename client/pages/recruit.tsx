import { site, team } from '#content/index.ts';
import { CheckList } from '../components/lists';
import { usePage } from '../components/page-context';
import { QrCode } from '../components/QrCode';
import { mailtoHref } from '../forms/mailto';
import { definePage } from '../page';
import { href } from '../paths';
import { printable, type RecruitData, recruitmentOf } from '../recruitment';

const eligibility = ['university', 'languages', 'time'] as const;
const steps = ['apply', 'interview', 'group', 'welcome'] as const;
const poles = team.filter((r) => r.group === 'poles');

/** The poster's head: what the association is looking for, and the session now open or next. */
function RecruitHead({ session }: { session: RecruitData['session'] }) {
  const { t } = usePage();
  return (
    <header className="recruit-head">
      <img src="/images/logo.svg" width={56} height={56} alt={t('site.logoAlt')} />
      <p className="recruit-kicker">{t('pages.recruit.kicker')}</p>
      <h1>{t('pages.recruit.heading')}</h1>
      <p className="lead">{t('pages.recruit.intro')}</p>
      <p className={session.current ? 'recruit-session recruit-session-now' : 'recruit-session'}>
        <span className="recruit-session-label">{t(session.current ? 'pages.recruit.currentSession' : 'pages.recruit.nextSession')}</span>
        <time className="recruit-session-month" dateTime={session.month}>
          {session.label}
        </time>
        {session.current && <span className="recruit-session-note">{t('pages.recruit.currentSessionNote')}</span>}
        <span className="recruit-session-rule">{t('pages.recruit.sessions')}</span>
      </p>
    </header>
  );
}

/** How to apply: by e-mail, and the student jobs, for those who would rather work on mandates. */
function Apply() {
  const { t, locale, config } = usePage();
  const jobsUrl = href('jobs', locale);
  return (
    <section className="recruit-apply" aria-labelledby="recruit-apply">
      <h2 id="recruit-apply">{t('pages.recruit.applyHeading')}</h2>
      <p className="actions">
        <a className="button" href={mailtoHref(site.email, t('pages.jobs.joinSubject'))}>
          {t('pages.jobs.joinCta')}
        </a>
      </p>
      <p>
        {t('pages.recruit.applyByMail')} <a href={`mailto:${site.email}`}>{site.email}</a>.
      </p>
      <p className="recruit-jobs">
        {t('pages.recruit.jobsText')} <a href={jobsUrl}>{t('pages.recruit.jobsCta')}</a>
        <span className="recruit-print-target"> ({printable(`${config.SITE_URL}${jobsUrl}`)})</span>
      </p>
    </section>
  );
}

/**
 * /tools/recruit: where the recruitment forum's QR code leads, and the poster
 * itself (printed from the browser: the print stylesheet lays it out on one A4
 * page). The poster's own QR code and printed link lead to the committee
 * application (client/recruitment.ts); the loader draws the code
 * (client/components/qr.ts).
 */
function RecruitPage({ data }: { data: RecruitData }) {
  const { t, locale } = usePage();
  const { session, qr, applyUrl } = data;
  return (
    <div className="tool recruit">
      <RecruitHead session={session} />

      <section className="recruit-eligibility" aria-labelledby="recruit-eligibility">
        <h2 id="recruit-eligibility">{t('pages.recruit.eligibilityHeading')}</h2>
        <CheckList items={eligibility.map((e) => ({ text: t(`pages.jobs.eligibility.${e}`) }))} />
      </section>

      <section className="recruit-steps" aria-labelledby="recruit-steps">
        <h2 id="recruit-steps">{t('pages.recruit.stepsHeading')}</h2>
        <ol>
          {steps.map((s) => (
            <li key={s}>
              <h3>{t(`pages.recruit.steps.${s}.title`)}</h3>
              <p>{t(`pages.recruit.steps.${s}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      {poles.length > 0 && (
        <section className="recruit-poles" aria-labelledby="recruit-poles">
          <h2 id="recruit-poles">{t('pages.recruit.polesHeading')}</h2>
          <p>{t('pages.recruit.polesIntro')}</p>
          <ul>
            {poles.map((p) => (
              <li key={p.id}>
                <h3>{p.title[locale]}</h3>
                <p>{p.description[locale]}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <Apply />

      <aside className="recruit-qr" aria-labelledby="recruit-qr">
        <h2 id="recruit-qr">{t('pages.recruit.qrHeading')}</h2>
        <QrCode qr={qr} label={t('pages.recruit.qrLabel', { url: applyUrl })} />
        <p className="recruit-url">
          <a href={applyUrl}>{printable(applyUrl)}</a>
        </p>
      </aside>
    </div>
  );
}

export default definePage({
  layout: 'bare',
  // The poster's QR code leads to the committee application in the language it was printed in.
  load: ({ locale, config, now }) => ({ data: recruitmentOf(now, locale, config) }),
  Component: RecruitPage,
});
