/**
 * Every icon the site uses, imported one file at a time: the packages' barrel
 * files pull in thousands of modules, which slows the Worker's tests and dev
 * server for nothing. UI icons come from lucide; the three brand marks
 * (LinkedIn, Instagram, Cloudflare), which lucide no longer ships, are drawn
 * below from Tabler's outlines (MIT), so one icon library is enough.
 */
import { createElement, type ComponentType, type SVGProps } from 'react';

export type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number | string }>;

export { default as Handshake } from 'lucide-react/icons/handshake';
export { default as Megaphone } from 'lucide-react/icons/megaphone';
export { default as Scale } from 'lucide-react/icons/scale';
export { default as ArrowLeft } from 'lucide-react/icons/arrow-left';
export { default as ArrowRight } from 'lucide-react/icons/arrow-right';
export { default as Briefcase } from 'lucide-react/icons/briefcase';
export { default as CalendarDays } from 'lucide-react/icons/calendar-days';
export { default as ChartLine } from 'lucide-react/icons/chart-line';
export { default as ChevronDown } from 'lucide-react/icons/chevron-down';
export { default as CircleCheck } from 'lucide-react/icons/circle-check';
export { default as Clock } from 'lucide-react/icons/clock';
export { default as Code } from 'lucide-react/icons/code';
export { default as Cog } from 'lucide-react/icons/cog';
export { default as Download } from 'lucide-react/icons/download';
export { default as ExternalLink } from 'lucide-react/icons/external-link';
export { default as GraduationCap } from 'lucide-react/icons/graduation-cap';
export { default as House } from 'lucide-react/icons/house';
export { default as Languages } from 'lucide-react/icons/languages';
export { default as LayoutGrid } from 'lucide-react/icons/layout-grid';
export { default as Link } from 'lucide-react/icons/link';
export { default as LogIn } from 'lucide-react/icons/log-in';
export { default as Mail } from 'lucide-react/icons/mail';
export { default as MapPin } from 'lucide-react/icons/map-pin';
export { default as Menu } from 'lucide-react/icons/menu';
export { default as Newspaper } from 'lucide-react/icons/newspaper';
export { default as Palette } from 'lucide-react/icons/palette';
export { default as Phone } from 'lucide-react/icons/phone';
export { default as Send } from 'lucide-react/icons/send';
export { default as Sparkles } from 'lucide-react/icons/sparkles';
export { default as Users } from 'lucide-react/icons/users';
export { default as Wallet } from 'lucide-react/icons/wallet';

/** A brand mark drawn like lucide's icons: 24×24 outline, current colour. */
function brand(name: string, paths: string[]): Icon {
  const slug = name.replace(/^Icon/, '').replace(/[A-Z]/g, (c, i: number) => `${i ? '-' : ''}${c.toLowerCase()}`);
  const Mark: Icon = ({ size = 24, className, ...props }) =>
    createElement(
      'svg',
      { xmlns: 'http://www.w3.org/2000/svg', width: size, height: size, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', className: [`icon-${slug}`, className].filter(Boolean).join(' '), ...props },
      ...paths.map((d) => createElement('path', { key: d, d })),
    );
  Mark.displayName = name;
  return Mark;
}

// Tabler Icons v3.51 (MIT): brand-linkedin, brand-instagram, brand-cloudflare.
const ROUNDED_SQUARE = 'M3 7a4 4 0 0 1 4 -4h10a4 4 0 0 1 4 4v10a4 4 0 0 1 -4 4h-10a4 4 0 0 1 -4 -4l0 -10';
export const IconBrandLinkedin = brand('IconBrandLinkedin', ['M8 11v5', 'M8 8v.01', 'M12 16v-5', 'M16 16v-3a2 2 0 1 0 -4 0', ROUNDED_SQUARE]);
export const IconBrandInstagram = brand('IconBrandInstagram', [ROUNDED_SQUARE, 'M8.5 12a3.5 3.5 0 1 0 7 0a3.5 3.5 0 0 0 -7 0', 'M17 7v.01']);
export const IconBrandCloudflare = brand('IconBrandCloudflare', [
  'M13.031 7.007c2.469 -.007 3.295 1.293 3.969 2.993c4 0 4.994 3.825 5 6h-20c-.001 -1.64 1.36 -2.954 3 -3c0 -1.5 1 -3 3 -3c.66 -1.942 2.562 -2.986 5.031 -2.993',
  'M12 13h6',
  'M17 10l-2.5 6',
]);
