import type { Article } from '#content/collections.ts';
import { news } from '#content/index.ts';
import { byDate } from '#content/visible.ts';
import { formatDate } from '../format';
import { lazy } from '../lazy';
import { CalendarDays, Clock, Users } from './icons';
import { usePage } from './page-context';

/** The news, newest first (sorted once, at first use). */
export const articlesNewestFirst: () => Article[] = lazy(() => [...news].sort((a, b) => byDate(b.date, a.date)));

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
