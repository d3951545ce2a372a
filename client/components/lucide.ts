/**
 * The lucide icons the site draws, by lucide's file name. The build
 * (scripts/build.mjs) turns each into its SVG markup, dist/icons.json, which
 * client/components/icons.ts serves: lucide-react never reaches the Worker.
 * A new icon: its name here, then its export in icons.ts.
 */
export const LUCIDE_ICONS = [
  'handshake',
  'megaphone',
  'scale',
  'arrow-left',
  'arrow-right',
  'briefcase',
  'calendar-days',
  'chart-line',
  'chevron-down',
  'circle-check',
  'clock',
  'code',
  'cog',
  'download',
  'external-link',
  'graduation-cap',
  'house',
  'languages',
  'layout-grid',
  'link',
  'log-in',
  'mail',
  'map-pin',
  'menu',
  'newspaper',
  'palette',
  'phone',
  'send',
  'sparkles',
  'users',
  'wallet',
  'x',
] as const;

export type LucideName = (typeof LUCIDE_ICONS)[number];
