/**
 * Every icon the site uses. UI icons are lucide's (client/components/lucide.ts
 * lists them; the build writes their drawings to dist/icons.json); the three
 * brand marks (LinkedIn, Instagram, Cloudflare), which lucide no longer ships,
 * are drawn below from Tabler's outlines (MIT), so one icon library is enough.
 *
 * Icons are only ever rendered on the server, their drawing written as it is
 * inside a small <svg>; the stroke styling is the `.icon` rule of
 * client/styles/components.css. Half the attributes of a page were icon
 * attributes, each a string React escaped and encoded again on every render.
 */
import { type ComponentType, createElement, type SVGProps } from 'react';
import drawings from '#build/icons.json';
import type { ServiceId } from '#content/ids.ts';
import type { LucideName } from './lucide';

export type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number | string }>;

/** A 24×24 outline icon in the current colour; `inner` is the markup inside its <svg>. */
function outline(slug: string, inner: string): Icon {
  // biome-ignore lint/correctness/noComponentHookFactories: each icon is made once, at first use, and holds no hooks.
  const Outline: Icon = ({ size = 24, className, ...props }) =>
    createElement('svg', {
      width: size,
      height: size,
      viewBox: '0 0 24 24',
      className: ['icon', `icon-${slug}`, className].filter(Boolean).join(' '),
      ...props,
      dangerouslySetInnerHTML: { __html: inner },
    });
  Outline.displayName = slug;
  return Outline;
}

/** A brand mark drawn like lucide's icons: 24×24 outline, current colour. */
const brand = (name: string, paths: string[]) =>
  outline(
    name.replace(/^Icon/, '').replace(/[A-Z]/g, (c, i: number) => `${i ? '-' : ''}${c.toLowerCase()}`),
    paths.map((d) => `<path d="${d}"></path>`).join(''),
  );

/** One of lucide's icons, drawn by the build. */
const lucide = (name: LucideName) => outline(name, drawings[name]);

export const Handshake = lucide('handshake');
export const Megaphone = lucide('megaphone');
export const Scale = lucide('scale');
export const ArrowLeft = lucide('arrow-left');
export const ArrowRight = lucide('arrow-right');
export const Briefcase = lucide('briefcase');
export const CalendarDays = lucide('calendar-days');
const ChartLine = lucide('chart-line');
export const ChevronDown = lucide('chevron-down');
export const CircleCheck = lucide('circle-check');
export const Clock = lucide('clock');
export const Code = lucide('code');
const Cog = lucide('cog');
export const Download = lucide('download');
export const ExternalLinkIcon = lucide('external-link');
export const GraduationCap = lucide('graduation-cap');
export const House = lucide('house');
export const Languages = lucide('languages');
export const LayoutGrid = lucide('layout-grid');
export const Link = lucide('link');
export const LogIn = lucide('log-in');
export const Mail = lucide('mail');
export const MapPin = lucide('map-pin');
export const Menu = lucide('menu');
export const Newspaper = lucide('newspaper');
const Palette = lucide('palette');
export const Phone = lucide('phone');
export const Send = lucide('send');
export const Sparkles = lucide('sparkles');
export const Users = lucide('users');
export const Wallet = lucide('wallet');
export const X = lucide('x');

/** Each service's mark: its card on the home page, its projects' cards and their filter (with the colour CSS gives `project-card-<service>`). */
export const serviceIcons: Record<ServiceId, Icon> = {
  digital: Code,
  engineering: Cog,
  translation: Languages,
  economy: ChartLine,
  design: Palette,
};

// Tabler Icons v3.51 (MIT): brand-linkedin, brand-instagram, brand-cloudflare.
const ROUNDED_SQUARE = 'M3 7a4 4 0 0 1 4 -4h10a4 4 0 0 1 4 4v10a4 4 0 0 1 -4 4h-10a4 4 0 0 1 -4 -4l0 -10';
export const IconBrandLinkedin = brand('IconBrandLinkedin', [
  'M8 11v5',
  'M8 8v.01',
  'M12 16v-5',
  'M16 16v-3a2 2 0 1 0 -4 0',
  ROUNDED_SQUARE,
]);
export const IconBrandInstagram = brand('IconBrandInstagram', [
  ROUNDED_SQUARE,
  'M8.5 12a3.5 3.5 0 1 0 7 0a3.5 3.5 0 0 0 -7 0',
  'M17 7v.01',
]);
export const IconBrandCloudflare = brand('IconBrandCloudflare', [
  'M13.031 7.007c2.469 -.007 3.295 1.293 3.969 2.993c4 0 4.994 3.825 5 6h-20c-.001 -1.64 1.36 -2.954 3 -3c0 -1.5 1 -3 3 -3c.66 -1.942 2.562 -2.986 5.031 -2.993',
  'M12 13h6',
  'M17 10l-2.5 6',
]);
