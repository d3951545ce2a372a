// Writes static/jobs/<slug>.pdf for every job offer, in French and English, from
// worker/content/jobs.ts (the offer's "Download" button). Run after editing an
// offer: node scripts/make-job-pdfs.mjs. A test checks every offer has its file.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { makePdf, wrap } from './pdf.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bundled = await esbuild.build({ entryPoints: [path.join(root, 'worker/content/jobs.ts')], bundle: true, format: 'esm', platform: 'node', write: false });
const { jobs } = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);

const labels = {
  fr: { type: 'Type', location: 'Lieu', duration: 'Durée', salary: 'Rémunération', deadline: 'Délai de candidature', pay: 'Rémunération prévue', apply: 'Postuler : plateforme de jobs étudiants de la JE EPFL.' },
  en: { type: 'Type', location: 'Location', duration: 'Duration', salary: 'Pay', deadline: 'Application deadline', pay: 'Expected pay', apply: 'Apply through the JE EPFL student job platform.' },
};

mkdirSync(path.join(root, 'static/jobs'), { recursive: true });
for (const job of jobs) {
  const lines = [];
  for (const locale of ['fr', 'en']) {
    const l = labels[locale];
    lines.push({ text: job.title[locale], size: 15, bold: true });
    for (const [k, v] of [['type', job.type[locale]], ['location', job.location[locale]], ['duration', job.duration[locale]], ['salary', job.salary[locale]], ['deadline', job.deadline]]) {
      lines.push({ text: `${l[k]} : ${v}`.replace(' :', locale === 'en' ? ':' : ' :'), size: 10 });
    }
    for (const p of job.description[locale]) for (const text of wrap(p, 10)) lines.push({ text, size: 10 });
    lines.push({ text: `${l.pay}${locale === 'fr' ? ' :' : ':'}`, size: 10, bold: true });
    for (const text of wrap(job.salaryExpectation[locale], 10)) lines.push({ text, size: 10 });
    lines.push({ text: l.apply, size: 10 });
    lines.push({ text: '', size: 10 });
  }
  writeFileSync(path.join(root, `static/jobs/${job.slug}.pdf`), makePdf({ title: `${job.title.fr} / ${job.title.en}`, lines }));
  console.log(`wrote static/jobs/${job.slug}.pdf`);
}
