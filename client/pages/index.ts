import type { ComponentType } from 'react';
import type { Article, Job } from '#content/collections.ts';
import type { CampusEvent, Project } from '#content/schema.ts';
import type { FormState } from '../forms/state';
import type { SignatureFields } from '../islands/SignatureGenerator';
import type { RouteId } from '../routes';
import { ArticlePage } from './ArticlePage';
import { ContactPage } from './ContactPage';
import { EventsPage } from './EventsPage';
import { HomePage } from './HomePage';
import { JobPage } from './JobPage';
import { JobsPage } from './JobsPage';
import { LinktreePage } from './LinktreePage';
import { MyJobPage } from './MyJobPage';
import { NewsPage } from './NewsPage';
import { platformPage } from './PlatformPage';
import { type PortfolioCategory, PortfolioPage } from './PortfolioPage';
import { PrivacyPage } from './PrivacyPage';
import { servicePage } from './ServicePage';
import { TeamPage } from './TeamPage';
import { type RecruitData, RecruitPage } from './tools/RecruitPage';
import { signaturePage } from './tools/SignaturePage';
import { type TvData, TvPage } from './tools/TvPage';

/** What each page's loader hands its component; pages without data get `{}`. */
interface PageDataMap {
  jobs: { jobs: Job[] };
  job: { job: Job; closed: boolean };
  news: { articles: Article[] };
  article: { article: Article; newer: Article | null; older: Article | null };
  events: { upcoming: CampusEvent[]; past: CampusEvent[] };
  tv: TvData;
  recruit: RecruitData;
  portfolio: { projects: Project[]; category: PortfolioCategory | null };
  home: { contactForm?: FormState; openJobs: number };
  contact: { contactForm?: FormState };
  translation: { estimateForm?: FormState };
  signatureGenerator: { initial: SignatureFields };
  signatureGeneratorPhone: { initial: SignatureFields };
}
export type PageData<Id extends RouteId> = Id extends keyof PageDataMap ? PageDataMap[Id] : Record<string, never>;

/** One component per screen of the route table. */
export const pages: { [Id in RouteId]: ComponentType<{ data: PageData<Id> }> } = {
  home: HomePage,
  team: TeamPage,
  login: platformPage('login'),
  register: platformPage('register'),
  myjob: MyJobPage,
  events: EventsPage,
  contact: ContactPage,
  privacy: PrivacyPage,
  linktree: LinktreePage,
  portfolio: PortfolioPage,
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

export { ErrorPage, NotFoundPage } from './NotFoundPage';
