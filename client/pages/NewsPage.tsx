import type { Article } from '#content/schema.ts';
import { formatDate } from '../format';
import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';
import { href } from '../routes';

export function NewsPage({ data }: { data: { articles: Article[] } }) {
  const { t, locale } = usePage();
  return (
    <>
      <PageIntro title={t('pages.news.heading')} intro={t('pages.news.intro')} />
      <section className="section">
        <div className="container">
          {data.articles.length === 0 ? (
            <p>{t('pages.news.noArticles')}</p>
          ) : (
            <ul className="card-grid card-grid-2">
              {data.articles.map((a) => (
                <li key={a.id} className="card">
                  <p className="eyebrow">{a.type[locale]}</p>
                  <h2><a className="card-link" href={href('article', locale, { id: a.id })}>{a.title[locale]}</a></h2>
                  <p className="meta-line">
                    {t('pages.article.by', { author: a.author[locale] })} · <time dateTime={a.date}>{formatDate(a.date, locale)}</time> ·{' '}
                    {t('pages.article.readingTime', { minutes: a.readingMinutes[locale] })}
                  </p>
                  <p>{a.summary[locale]}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
