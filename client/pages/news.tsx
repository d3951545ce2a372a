import type { Article } from '#content/collections.ts';
import { ArticleFacts, articlesNewestFirst, newsIllustration } from '../components/articles';
import { ArrowRight } from '../components/icons';
import { PageIntro } from '../components/PageIntro';
import { Picture } from '../components/Picture';
import { usePage } from '../components/page-context';
import { definePage } from '../page';
import { href } from '../paths';

/** The news, newest first (the loader sorts them): one card per article, its picture beside the text. */
function NewsPage({ data }: { data: { news: Article[] } }) {
  const { t, locale } = usePage();
  return (
    <>
      <PageIntro title={t('pages.news.heading')} intro={t('pages.news.intro')} />
      <section className="section">
        <div className="container">
          {data.news.length === 0 ? (
            <p>{t('pages.news.noArticles')}</p>
          ) : (
            <ul className="news-list">
              {data.news.map((a, i) => {
                const art = newsIllustration(a);
                return (
                  <li key={a.id} className="news-card">
                    <div className="news-card-media">
                      {a.image ? (
                        // The first card's picture is on screen as the page opens: loaded at once, the others as they near.
                        <Picture image={a.image} sizes="(min-width: 56rem) 22rem, 100vw" eager={i === 0} />
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

export default definePage({
  load: () => ({ data: { news: articlesNewestFirst() } }),
  Component: NewsPage,
});
