/** A QR code drawn on the server (client/components/qr.ts): dark modules as one path, on white. */
export interface QrDrawing {
  /** Modules per side, the quiet zone included. */
  size: number;
  path: string;
}

/** An inline SVG QR code, named for screen readers by `label` (which should say where it leads). */
export function QrCode({ qr, label, scale = 6 }: { qr: QrDrawing; label: string; scale?: number }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      width={qr.size * scale}
      height={qr.size * scale}
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
