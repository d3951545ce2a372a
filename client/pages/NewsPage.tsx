import type { Article } from '#content/collections.ts';
import { ArrowRight, CalendarDays, Clock, Users } from '../components/icons';
import { PageIntro } from '../components/PageIntro';
import { Picture } from '../components/Picture';
import { usePage } from '../components/page-context';
import { formatDate } from '../format';
import { href } from '../routes';

/**
 * The decorative picture of an article without an image of its own, chosen by
 * its type (the French one: it names the kind of news in both languages).
 */
const illustrations: Record<string, string> = {
  association: 'news-association',
  bilan: 'news-association',
  chiffres: 'news-association',
  recrutement: 'news-recruitment',
  evenement: 'news-event',
  evenements: 'news-event',
  agenda: 'news-event',
};
export function newsIllustration(article: Article): { src: string; width: number; height: number } {
  const type = article.type.fr.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
  return { src: `/images/illustrations/${illustrations[type] ?? 'news-default'}.svg`, width: 320, height: 200 };
}

/** Date, author and reading time of an article, each with its icon. */
export function ArticleFacts({ article, className = 'article-facts' }: { article: Article; className?: string }) {
  const { t, locale } = usePage();
  return (
    <ul className={className}>
      <li>
        <CalendarDays aria-hidden="true" size={16} />
        <time dateTime={article.date}>{formatDate(article.date, locale)}</time>
      </li>
      <li>
        <Users aria-hidden="true" size={16} />
        {t('pages.article.by', { author: article.author[locale] })}
      </li>
      <li>
        <Clock aria-hidden="true" size={16} />
        {t('pages.article.readingTime', { minutes: article.readingMinutes[locale] })}
      </li>
    </ul>
  );
}

/** The news, newest first (the loader sorts them): one card per article, its picture beside the text. */
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
            <ul className="news-list">
              {data.articles.map((a) => {
                const art = newsIllustration(a);
                return (
                  <li key={a.id} className="news-card">
                    <div className="news-card-media">
                      {a.image ? (
                        <Picture image={a.image} sizes="(min-width: 56rem) 22rem, 100vw" />
                      ) : (
                        <img
                          className="news-card-art"
                          src={art.src}
                          width={art.width}
                          height={art.height}
                          alt=""
                          loading="lazy"
                          decoding="async"
                        />
                      )}
                    </div>
                    <div className="news-card-body">
                      <p className="eyebrow">{a.type[locale]}</p>
                      <h2>
                        <a className="card-link" href={href('article', locale, { id: a.id })}>
                          {a.title[locale]}
                        </a>
                      </h2>
                      <ArticleFacts article={a} />
                      <p className="news-card-summary">{a.summary[locale]}</p>
                      <p className="news-card-more" aria-hidden="true">
                        {t('pages.news.readMore')} <ArrowRight size={16} />
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
