import type { Article } from '#content/collections.ts';
import { ArticleHeader, ArticlePager, BackToNews, ShareAside } from '../components/article';
import { Markdown } from '../components/Markdown';
import { newestFirst } from '../components/news';
import { usePage } from '../components/page-context';
import { definePage } from '../page';
import { href } from '../routes';
import { newsArticle } from '../seo/json-ld';

/**
 * One article: its header (type, title, summary, date, author, reading time
 * and picture), the body at a readable measure, plain share links (no
 * third-party script) and the way to the newer and older articles.
 */
function ArticlePage({ data: { article, newer, older } }: { data: { article: Article; newer: Article | null; older: Article | null } }) {
  const { locale, config } = usePage();
  const url = `${config.SITE_URL}${href('article', locale, { id: article.id })}`;
  return (
    <article className="article-page">
      <ArticleHeader article={article} />

      <div className="container article-layout">
        <Markdown className="prose article-body" html={article.html[locale]} />
        <ShareAside title={article.title[locale]} url={url} />
      </div>

      <div className="container article-end">
        {(newer || older) && <ArticlePager newer={newer} older={older} />}
        <p className="article-back-bottom">
          <BackToNews />
        </p>
      </div>
    </article>
  );
}

export default definePage({
  path: '/news/:id',
  under: 'news',
  every: () => newestFirst().map((a) => ({ id: a.id })),
  entries: () => newestFirst().map((a) => ({ params: { id: a.id }, lastmod: a.date })),
  load: ({ params, locale, t, config }) => {
    const sorted = newestFirst();
    const i = sorted.findIndex((a) => a.id === params.id);
    const article = sorted[i];
    if (!article) return null;
    return {
      data: { article, newer: sorted[i - 1] ?? null, older: sorted[i + 1] ?? null },
      meta: { title: t('meta.article.title', { title: article.title[locale] }), description: article.summary[locale] },
      jsonLd: [newsArticle(article, locale, config)],
    };
  },
  Component: ArticlePage,
});
