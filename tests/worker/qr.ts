import jsQR from 'jsqr';

/**
 * Reads the QR code back as a phone would: the SVG path drawn to pixels (4 per
 * module, its own quiet zone included), then decoded by jsQR, a decoder that
 * shares no code with the encoder.
 */
export function scanQr(html: string): string | undefined {
  const svg = /<svg role="img"[^>]*viewBox="0 0 (\d+) \1"[^>]*>.*?<path d="([^"]+)"/s.exec(html);
  if (!svg) return undefined;
  const size = Number(svg[1]);
  const scale = 4;
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, run] of svg[2]!.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++) {
      for (let px = Number(x) * scale; px < (Number(x) + Number(run)) * scale; px++) {
        pixels.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
      }
    }
  }
  return jsQR(pixels, width, width)?.data;
}
