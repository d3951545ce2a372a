import type { Article } from '#content/collections.ts';
import { ArticleFacts, articlesNewestFirst, newsIllustration } from '../components/articles';
import { ArrowLeft, ArrowRight, IconBrandLinkedin, Link as LinkIcon, Mail } from '../components/icons';
import { KeepHyphenatedWords } from '../components/KeepHyphenatedWords';
import { ExternalLink } from '../components/layout/ExternalLink';
import { Markdown } from '../components/Markdown';
import { Picture } from '../components/Picture';
import { usePage } from '../components/page-context';
import { definePage } from '../page';
import { href } from '../paths';
import { newsArticle } from '../seo/json-ld';

/** The way back to the list of news. */
function BackToNews() {
  const { t, locale } = usePage();
  return (
    <a className="back-link" href={href('news', locale)}>
      <ArrowLeft aria-hidden="true" size={16} /> {t('pages.article.back')}
    </a>
  );
}

/** Type, title, summary, date, author and reading time, beside the article's picture (or its kind's drawing). */
function ArticleHeader({ article }: { article: Article }) {
  const { locale } = usePage();
  const art = newsIllustration(article);
  return (
    <header className="page-intro article-header">
      <div className="container article-header-grid">
        <div className="article-header-text">
          <p className="article-back">
            <BackToNews />
          </p>
          <p className="eyebrow">{article.type[locale]}</p>
          <h1>{article.title[locale]}</h1>
          <p className="lead">{article.summary[locale]}</p>
          <ArticleFacts article={article} />
        </div>
        {article.image ? (
          <div className="article-header-picture">
            <Picture image={article.image} sizes="(min-width: 56rem) 26rem, 100vw" eager />
          </div>
        ) : (
          <img className="article-header-art" src={art.src} width={art.width} height={art.height} alt="" />
        )}
      </div>
    </header>
  );
}

/** Plain share links, no third-party script: LinkedIn, an e-mail, and the article's address. */
function ShareAside({ title, url }: { title: string; url: string }) {
  const { t } = usePage();
  const linkedIn = `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`;
  const mail = `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(t('pages.article.emailBody', { title, url }))}`;
  return (
    <aside className="article-share" aria-labelledby="share-title">
      <h2 id="share-title">{t('pages.article.shareHeading')}</h2>
      <ul className="share-links">
        <li>
          <ExternalLink href={linkedIn} className="share-link">
            <IconBrandLinkedin aria-hidden="true" size={20} />
            <span>{t('pages.article.shareLinkedIn')}</span>
          </ExternalLink>
        </li>
        <li>
          <a className="share-link" href={mail}>
            <Mail aria-hidden="true" size={20} />
            <span>
              <KeepHyphenatedWords text={t('pages.article.shareEmail')} />
            </span>
          </a>
        </li>
      </ul>
      <p className="share-permalink">
        <span className="share-permalink-label">
          <LinkIcon aria-hidden="true" size={16} /> {t('pages.article.permalink')}
        </span>
        <a href={url}>{url}</a>
      </p>
    </aside>
  );
}

/**
 * One article: its header (type, title, summary, date, author, reading time
 * and picture), the body at a readable measure, plain share links (no
 * third-party script) and the way to the newer and older articles.
 */
function ArticlePage({ data: { article, newer, older } }: { data: { article: Article; newer: Article | null; older: Article | null } }) {
  const { t, locale, config } = usePage();
  const url = `${config.SITE_URL}${href('article', locale, { id: article.id })}`;
  return (
    <article className="article-page">
      <ArticleHeader article={article} />

      <div className="container article-layout">
        <Markdown className="prose article-body" html={article.html[locale]} />
        <ShareAside title={article.title[locale]} url={url} />
      </div>

      <div className="container article-end">
        {(newer || older) && (
          <nav className="article-pager" aria-label={t('pages.article.otherArticles')}>
            <ul>
              {older && (
                <li className="article-pager-older">
                  <a href={href('article', locale, { id: older.id })}>
                    <span className="article-pager-label">
                      <ArrowLeft aria-hidden="true" size={16} /> {t('pages.article.older')}
                    </span>
                    <span className="article-pager-title">{older.title[locale]}</span>
                  </a>
                </li>
              )}
              {newer && (
                <li className="article-pager-newer">
                  <a href={href('article', locale, { id: newer.id })}>
                    <span className="article-pager-label">
                      {t('pages.article.newer')} <ArrowRight aria-hidden="true" size={16} />
                    </span>
                    <span className="article-pager-title">{newer.title[locale]}</span>
                  </a>
                </li>
              )}
            </ul>
          </nav>
        )}
        <p className="article-back-bottom">
          <BackToNews />
        </p>
      </div>
    </article>
  );
}

export default definePage({
  under: 'news',
  every: () => articlesNewestFirst().map((a) => ({ id: a.id })),
  entries: () => articlesNewestFirst().map((a) => ({ params: { id: a.id }, lastmod: a.date })),
  load: ({ params, locale, t, config }) => {
    const sorted = articlesNewestFirst();
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
