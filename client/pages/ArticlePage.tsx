import { ArrowLeft } from '../components/icons';
import type { Article } from '#content/schema.ts';
import { formatDate } from '../format';
import { usePage } from '../components/page-context';
import { href } from '../routes';

export function ArticlePage({ data: { article } }: { data: { article: Article } }) {
  const { t, locale } = usePage();
  return (
    <article className="container article">
      <p><a className="back-link" href={href('news', locale)}><ArrowLeft aria-hidden="true" size={16} /> {t('pages.article.back')}</a></p>
      <p className="eyebrow">{article.type[locale]}</p>
      <h1>{article.title[locale]}</h1>
      <p className="meta-line">
        {t('pages.article.by', { author: article.author[locale] })} · <time dateTime={article.date}>{formatDate(article.date, locale)}</time> ·{' '}
        {t('pages.article.readingTime', { minutes: article.readingMinutes[locale] })}
      </p>
      <div className="prose" dangerouslySetInnerHTML={{ __html: article.html[locale] }} />
    </article>
  );
}
