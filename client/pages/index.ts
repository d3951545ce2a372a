import type { AnyPage } from '../page';
import type { PageId } from '../paths';
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
 * Each id's address is its line of PAGE_PATHS (client/paths.ts), which links
 * read without loading any page. The header's order is its own
 * (client/components/layout/NavLinks.tsx).
 */
export const pages = {
  home,
  team,
  login,
  register,
  myjob,
  events,
  contact,
  privacy,
  linktree,
  portfolio,
  jobs,
  job,
  news,
  article,
  digital,
  economy,
  engineering,
  translation,
  design,
  tv,
  recruit,
  signatureGenerator,
  signatureGeneratorPhone,
} satisfies Record<PageId, AnyPage>;
