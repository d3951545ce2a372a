// A minimal, valid PDF writer for one-page text documents (standard Helvetica,
// WinAnsi encoding, so French accents print). Used for the job offers' PDFs.

const escapePdf = (text) => text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');

/** cp1252 bytes of a string; characters outside it become '?'. */
function winAnsi(text) {
  const special = {
    '\u2019': 0x92,
    '\u2018': 0x91,
    '\u201c': 0x93,
    '\u201d': 0x94,
    '\u2013': 0x96,
    '\u2014': 0x97,
    '\u20ac': 0x80,
    '\u0153': 0x9c,
    '\u0152': 0x8c,
    '\u2026': 0x85,
    '\u00a0': 0x20,
    '\u202f': 0x20,
  };
  return Buffer.from([...text].map((ch) => special[ch] ?? (ch.charCodeAt(0) < 256 ? ch.charCodeAt(0) : 0x3f)));
}

/** Greedy line wrapping for Helvetica at `size` pt within `width` pt (average glyph width). */
export function wrap(text, size, width = 451) {
  const max = Math.floor(width / (size * 0.5));
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (`${line} ${word}`.trim().length > max) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * @param {{ title: string, lines: { text: string, size?: number, bold?: boolean }[] }} doc
 * @returns {Buffer}
 */
export function makePdf({ title, lines }) {
  const ops = [Buffer.from('BT\n72 770 Td\n')];
  for (const { text, size = 11, bold = false } of lines) {
    ops.push(
      Buffer.from(`/${bold ? 'F2' : 'F1'} ${size} Tf\n(`),
      winAnsi(escapePdf(text)),
      Buffer.from(`) Tj\n0 -${Math.round(size * 1.5)} Td\n`),
    );
  }
  ops.push(Buffer.from('ET'));
  const content = Buffer.concat(ops);
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
    Buffer.concat([Buffer.from('<< /Title ('), winAnsi(escapePdf(title)), Buffer.from(') /Producer (JE EPFL website) >>')]),
  ];
  const parts = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    offset += chunk.length;
    parts.push(chunk);
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}
