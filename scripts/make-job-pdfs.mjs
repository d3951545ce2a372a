// Writes content/jobs/<id>.pdf for every sample job offer, in French and English,
// from its Markdown files (the offer's "Download" button). Real offers come with
// the association's own PDF; this only keeps the samples' files in step with
// their text: `npm run job-pdfs`. The build checks that every PDF an offer names exists.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../content/ids.ts';
import { loadContent } from './content.mjs';
import { makePdf, wrap } from './pdf.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { content } = await loadContent();
const jobs = content.jobs.filter((j) => j.sample);
/** The Markdown body's paragraphs as plain text. */
const paragraphs = (html) =>
  html
    .split(/<\/p>\s*/)
    .map((p) =>
      p
        .replace(/<[^>]*>/g, '')
        .replace(/&amp;/g, '&')
        .trim(),
    )
    .filter(Boolean);

const labels = {
  fr: {
    type: 'Type',
    location: 'Lieu',
    duration: 'Durée',
    salary: 'Rémunération',
    deadline: 'Délai de candidature',
    pay: 'Rémunération prévue',
    apply: 'Postuler : plateforme de jobs étudiants de la JE EPFL.',
  },
  en: {
    type: 'Type',
    location: 'Location',
    duration: 'Duration',
    salary: 'Pay',
    deadline: 'Application deadline',
    pay: 'Expected pay',
    apply: 'Apply through the JE EPFL student job platform.',
  },
};

for (const job of jobs) {
  const lines = [];
  for (const locale of LOCALES) {
    const l = labels[locale];
    lines.push({ text: job.title[locale], size: 15, bold: true });
    for (const [k, v] of [
      ['type', job.type[locale]],
      ['location', job.location[locale]],
      ['duration', job.duration[locale]],
      ['salary', job.salary[locale]],
      ['deadline', job.validThrough],
    ]) {
      lines.push({ text: `${l[k]} : ${v}`.replace(' :', locale === 'en' ? ':' : ' :'), size: 10 });
    }
    for (const p of paragraphs(job.html[locale])) for (const text of wrap(p, 10)) lines.push({ text, size: 10 });
    lines.push({ text: `${l.pay}${locale === 'fr' ? ' :' : ':'}`, size: 10, bold: true });
    for (const text of wrap(job.salaryExpectation[locale], 10)) lines.push({ text, size: 10 });
    lines.push({ text: l.apply, size: 10 });
    lines.push({ text: '', size: 10 });
  }
  writeFileSync(path.join(root, `content/jobs/${job.id}.pdf`), makePdf({ title: `${job.title.fr} / ${job.title.en}`, lines }));
  console.log(`wrote content/jobs/${job.id}.pdf`);
}
