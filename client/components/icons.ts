/**
 * Every icon the site uses, imported one file at a time: the packages' barrel
 * files pull in thousands of modules, which slows the Worker's tests and dev
 * server for nothing. UI icons come from lucide; the three brand marks
 * (LinkedIn, Instagram, Cloudflare), which lucide no longer ships, are drawn
 * below from Tabler's outlines (MIT), so one icon library is enough.
 *
 * Icons are only ever rendered on the server. Each one's drawing becomes
 * markup once per isolate, written as it is inside a small <svg>; the stroke
 * styling is the `.icon` rule of client/styles/components.css. Half the
 * attributes of a page were icon attributes, each a string React escaped and
 * encoded again on every render.
 */
import { createElement, type ComponentType, type SVGProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server.edge';
import LucideHandshake from 'lucide-react/icons/handshake';
import LucideMegaphone from 'lucide-react/icons/megaphone';
import LucideScale from 'lucide-react/icons/scale';
import LucideArrowLeft from 'lucide-react/icons/arrow-left';
import LucideArrowRight from 'lucide-react/icons/arrow-right';
import LucideBriefcase from 'lucide-react/icons/briefcase';
import LucideCalendarDays from 'lucide-react/icons/calendar-days';
import LucideChartLine from 'lucide-react/icons/chart-line';
import LucideChevronDown from 'lucide-react/icons/chevron-down';
import LucideCircleCheck from 'lucide-react/icons/circle-check';
import LucideClock from 'lucide-react/icons/clock';
import LucideCode from 'lucide-react/icons/code';
import LucideCog from 'lucide-react/icons/cog';
import LucideDownload from 'lucide-react/icons/download';
import LucideExternalLink from 'lucide-react/icons/external-link';
import LucideGraduationCap from 'lucide-react/icons/graduation-cap';
import LucideHouse from 'lucide-react/icons/house';
import LucideLanguages from 'lucide-react/icons/languages';
import LucideLayoutGrid from 'lucide-react/icons/layout-grid';
import LucideLink from 'lucide-react/icons/link';
import LucideLogIn from 'lucide-react/icons/log-in';
import LucideMail from 'lucide-react/icons/mail';
import LucideMapPin from 'lucide-react/icons/map-pin';
import LucideMenu from 'lucide-react/icons/menu';
import LucideNewspaper from 'lucide-react/icons/newspaper';
import LucidePalette from 'lucide-react/icons/palette';
import LucidePhone from 'lucide-react/icons/phone';
import LucideSend from 'lucide-react/icons/send';
import LucideSparkles from 'lucide-react/icons/sparkles';
import LucideUsers from 'lucide-react/icons/users';
import LucideWallet from 'lucide-react/icons/wallet';

export type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number | string }>;

/** A 24×24 outline icon in the current colour; `drawing` gives the markup inside its <svg>, computed on first use. */
function outline(slug: string, drawing: () => string): Icon {
  let inner: string | undefined;
  const Outline: Icon = ({ size = 24, className, ...props }) => {
    inner ??= drawing().replace(/^<svg[^>]*>|<\/svg>$/g, '');
    return createElement('svg', {
      width: size,
      height: size,
      viewBox: '0 0 24 24',
      className: ['icon', `icon-${slug}`, className].filter(Boolean).join(' '),
      ...props,
      dangerouslySetInnerHTML: { __html: inner },
    });
  };
  Outline.displayName = slug;
  return Outline;
}

export const Handshake = outline('handshake', () => renderToStaticMarkup(createElement(LucideHandshake)));
export const Megaphone = outline('megaphone', () => renderToStaticMarkup(createElement(LucideMegaphone)));
export const Scale = outline('scale', () => renderToStaticMarkup(createElement(LucideScale)));
export const ArrowLeft = outline('arrow-left', () => renderToStaticMarkup(createElement(LucideArrowLeft)));
export const ArrowRight = outline('arrow-right', () => renderToStaticMarkup(createElement(LucideArrowRight)));
export const Briefcase = outline('briefcase', () => renderToStaticMarkup(createElement(LucideBriefcase)));
export const CalendarDays = outline('calendar-days', () => renderToStaticMarkup(createElement(LucideCalendarDays)));
export const ChartLine = outline('chart-line', () => renderToStaticMarkup(createElement(LucideChartLine)));
export const ChevronDown = outline('chevron-down', () => renderToStaticMarkup(createElement(LucideChevronDown)));
export const CircleCheck = outline('circle-check', () => renderToStaticMarkup(createElement(LucideCircleCheck)));
export const Clock = outline('clock', () => renderToStaticMarkup(createElement(LucideClock)));
export const Code = outline('code', () => renderToStaticMarkup(createElement(LucideCode)));
export const Cog = outline('cog', () => renderToStaticMarkup(createElement(LucideCog)));
export const Download = outline('download', () => renderToStaticMarkup(createElement(LucideDownload)));
export const ExternalLink = outline('external-link', () => renderToStaticMarkup(createElement(LucideExternalLink)));
export const GraduationCap = outline('graduation-cap', () => renderToStaticMarkup(createElement(LucideGraduationCap)));
export const House = outline('house', () => renderToStaticMarkup(createElement(LucideHouse)));
export const Languages = outline('languages', () => renderToStaticMarkup(createElement(LucideLanguages)));
export const LayoutGrid = outline('layout-grid', () => renderToStaticMarkup(createElement(LucideLayoutGrid)));
export const Link = outline('link', () => renderToStaticMarkup(createElement(LucideLink)));
export const LogIn = outline('log-in', () => renderToStaticMarkup(createElement(LucideLogIn)));
export const Mail = outline('mail', () => renderToStaticMarkup(createElement(LucideMail)));
export const MapPin = outline('map-pin', () => renderToStaticMarkup(createElement(LucideMapPin)));
export const Menu = outline('menu', () => renderToStaticMarkup(createElement(LucideMenu)));
export const Newspaper = outline('newspaper', () => renderToStaticMarkup(createElement(LucideNewspaper)));
export const Palette = outline('palette', () => renderToStaticMarkup(createElement(LucidePalette)));
export const Phone = outline('phone', () => renderToStaticMarkup(createElement(LucidePhone)));
export const Send = outline('send', () => renderToStaticMarkup(createElement(LucideSend)));
export const Sparkles = outline('sparkles', () => renderToStaticMarkup(createElement(LucideSparkles)));
export const Users = outline('users', () => renderToStaticMarkup(createElement(LucideUsers)));
export const Wallet = outline('wallet', () => renderToStaticMarkup(createElement(LucideWallet)));

/** A brand mark drawn like lucide's icons: 24×24 outline, current colour. */
const brand = (name: string, paths: string[]) =>
  outline(name.replace(/^Icon/, '').replace(/[A-Z]/g, (c, i: number) => `${i ? '-' : ''}${c.toLowerCase()}`), () => paths.map((d) => `<path d="${d}"></path>`).join(''));

// Tabler Icons v3.51 (MIT): brand-linkedin, brand-instagram, brand-cloudflare.
const ROUNDED_SQUARE = 'M3 7a4 4 0 0 1 4 -4h10a4 4 0 0 1 4 4v10a4 4 0 0 1 -4 4h-10a4 4 0 0 1 -4 -4l0 -10';
export const IconBrandLinkedin = brand('IconBrandLinkedin', ['M8 11v5', 'M8 8v.01', 'M12 16v-5', 'M16 16v-3a2 2 0 1 0 -4 0', ROUNDED_SQUARE]);
export const IconBrandInstagram = brand('IconBrandInstagram', [ROUNDED_SQUARE, 'M8.5 12a3.5 3.5 0 1 0 7 0a3.5 3.5 0 0 0 -7 0', 'M17 7v.01']);
export const IconBrandCloudflare = brand('IconBrandCloudflare', [
  'M13.031 7.007c2.469 -.007 3.295 1.293 3.969 2.993c4 0 4.994 3.825 5 6h-20c-.001 -1.64 1.36 -2.954 3 -3c0 -1.5 1 -3 3 -3c.66 -1.942 2.562 -2.986 5.031 -2.993',
  'M12 13h6',
  'M17 10l-2.5 6',
]);
