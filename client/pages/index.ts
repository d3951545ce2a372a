import type { ComponentType } from 'react';
import type { Job } from '#worker/content/jobs.ts';
import type { Article } from '#worker/content/news.ts';
import type { SignatureFields } from '../islands/SignatureGenerator';
import type { RouteId } from '../routes';
import { ArticlePage } from './ArticlePage';
import { ContactPage } from './ContactPage';
import { HomePage } from './HomePage';
import { JobPage } from './JobPage';
import { JobsPage } from './JobsPage';
import { LinktreePage } from './LinktreePage';
import { MyJobPage } from './MyJobPage';
import { NewsPage } from './NewsPage';
import { platformPage } from './PlatformPage';
import { servicePage } from './ServicePage';
import { standardPage } from './StandardPage';
import { RecruitPage, signaturePage, TvPage } from './ToolPages';

/** What each page's loader hands its component; pages without data get `{}`. */
export interface PageDataMap {
  jobs: { jobs: Job[] };
  job: { job: Job };
  news: { articles: Article[] };
  article: { article: Article };
  signatureGenerator: { initial: SignatureFields };
  signatureGeneratorPhone: { initial: SignatureFields };
}
export type PageData<Id extends RouteId> = Id extends keyof PageDataMap ? PageDataMap[Id] : Record<string, never>;

/** One component per screen of the route table. */
export const pages: { [Id in RouteId]: ComponentType<{ data: PageData<Id> }> } = {
  home: HomePage,
  team: standardPage('team'),
  login: platformPage('login'),
  register: platformPage('register'),
  myjob: MyJobPage,
  events: standardPage('events'),
  contact: ContactPage,
  privacy: standardPage('privacy'),
  linktree: LinktreePage,
  portfolio: standardPage('portfolio'),
  jobs: JobsPage,
  job: JobPage,
  news: NewsPage,
  article: ArticlePage,
  digital: servicePage('digital'),
  economy: servicePage('economy'),
  engineering: servicePage('engineering'),
  translation: servicePage('translation'),
  design: servicePage('design'),
  tv: TvPage,
  recruit: RecruitPage,
  signatureGenerator: signaturePage('html'),
  signatureGeneratorPhone: signaturePage('phone'),
};

export { NotFoundPage, ErrorPage } from './NotFoundPage';
