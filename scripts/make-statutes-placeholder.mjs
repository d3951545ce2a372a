// Writes static/legal/statuts_jeepfl.pdf: a valid one-page PDF that stands in
// for the signed statutes until the association replaces the file with them.
// Run once (npm run statutes-placeholder); the output is committed.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { makePdf } from './pdf.mjs';

const lines = [
  { text: "Statuts de l'association JE EPFL", size: 20, bold: true },
  { text: '' },
  { text: "Ce document remplace provisoirement les statuts signés de l'association." },
  { text: 'La version officielle, signée, sera publiée ici dès que le comité' },
  { text: "l'aura déposée. Pour obtenir les statuts en vigueur, écrivez" },
  { text: "à l'association." },
  { text: '' },
  { text: 'Articles of association of JE EPFL', size: 14, bold: true },
  { text: '' },
  { text: "This document stands in for the association's signed articles of association." },
  { text: 'The official, signed version will be published here as soon as the' },
  { text: 'committee uploads it. For the articles currently in force, please' },
  { text: 'write to the association.' },
].map((l) => ({ size: 12, ...l }));

const target = path.resolve(import.meta.dirname, '../static/legal/statuts_jeepfl.pdf');
writeFileSync(target, makePdf({ title: 'Statuts de la JE EPFL - document provisoire', lines }));
console.log(`wrote ${target}`);
