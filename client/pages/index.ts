import article from './article';
import contact from './contact';
import design from './design';
import digital from './digital';
import economy from './economy';
import engineering from './engineering';
import events from './events';
import home from './home';
import job from './job';
import jobs from './jobs';
import linktree from './linktree';
import login from './login';
import myjob from './myjob';
import news from './news';
import portfolio from './portfolio';
import privacy from './privacy';
import recruit from './recruit';
import register from './register';
import signatureGenerator from './signatureGenerator';
import signatureGeneratorPhone from './signatureGeneratorPhone';
import team from './team';
import translation from './translation';
import tv from './tv';

/**
 * Every screen of the site, by id: the module's file name in this folder, and
 * the key of its title and description in locales/*.json (`meta.<id>`). This
 * list is the only registry: the Worker serves, maps and links pages from it.
 * The header's order is its own (client/components/layout/NavLinks.tsx).
 * Each entry is read when asked for (a getter): a page's components import
 * client/routes.ts, which imports this list, so whichever module loads
 * first, the list never holds a page that was still loading.
 */
export const pages = {
  get home() {
    return home;
  },
  get team() {
    return team;
  },
  get login() {
    return login;
  },
  get register() {
    return register;
  },
  get myjob() {
    return myjob;
  },
  get events() {
    return events;
  },
  get contact() {
    return contact;
  },
  get privacy() {
    return privacy;
  },
  get linktree() {
    return linktree;
  },
  get portfolio() {
    return portfolio;
  },
  get jobs() {
    return jobs;
  },
  get job() {
    return job;
  },
  get news() {
    return news;
  },
  get article() {
    return article;
  },
  get digital() {
    return digital;
  },
  get economy() {
    return economy;
  },
  get engineering() {
    return engineering;
  },
  get translation() {
    return translation;
  },
  get design() {
    return design;
  },
  get tv() {
    return tv;
  },
  get recruit() {
    return recruit;
  },
  get signatureGenerator() {
    return signatureGenerator;
  },
  get signatureGeneratorPhone() {
    return signatureGeneratorPhone;
  },
};

export type PageId = keyof typeof pages;
