import { defineForm } from '../define';
import { emptyForm } from '../state';
import { associationMail } from './emails';
import { CONTACT_TOPICS, contactSchema } from './schema';

/** The contact / quote form: on the contact page and the home page. */
export default defineForm({
  ...contactSchema,
  pages: ['contact', 'home'],
  /** Another page can start a request: `/contact?topic=proofreading` fills in the message. */
  fromQuery: (query, t) => {
    const topic = CONTACT_TOPICS.find((x) => x === query.get('topic'));
    return topic ? { ...emptyForm, values: { topic, message: t(`forms.contact.topics.${topic}.message`) } } : undefined;
  },
  // The visitor's confirmation holds no more than the site's own words.
  mails: { association: associationMail },
  alertName: 'contact form',
});
