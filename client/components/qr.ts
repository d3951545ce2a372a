import { encode } from 'uqr';

import type { QrDrawing } from './QrCode';

/**
 * The QR code of `text`, drawn on the server so the page ships no script for it.
 * Error correction M (15 %): a printed poster gets scuffed and photographed at an
 * angle, and the site's URLs still fit in a small version (29×29 for ours).
 * The quiet zone is the standard's four modules, part of the drawing so it
 * survives any background the page puts behind it.
 *
 * @example qrCode('https://jeepfl.ch/tools/recruit') // { size: 37, path: 'M4 4h7v1h-7z…' }
 */
/** Dark modules as `M x y h n v1 h-n z`, one rectangle per horizontal run; drawn by client/components/QrCode.tsx. */
export function qrCode(text: string): QrDrawing {
  const border = 4;
  const { data } = encode(text, { ecc: 'M', border });
  let path = '';
  data.forEach((row, y) => {
    for (let x = 0; x < row.length; ) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (row[x]) x++;
      path += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  });
  return { size: data.length, path };
}
