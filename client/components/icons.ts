/**
 * Every icon the site uses, imported one file at a time: the packages' barrel
 * files pull in thousands of modules, which slows the Worker's tests and dev
 * server for nothing. UI icons come from lucide; brand marks (LinkedIn,
 * Instagram, Cloudflare), which lucide no longer ships, from Tabler.
 */
import type { ComponentType, SVGProps } from 'react';

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

import IconBrandCloudflareRaw from '@tabler/icons-react/dist/esm/icons/IconBrandCloudflare.mjs';
import IconBrandInstagramRaw from '@tabler/icons-react/dist/esm/icons/IconBrandInstagram.mjs';
import IconBrandLinkedinRaw from '@tabler/icons-react/dist/esm/icons/IconBrandLinkedin.mjs';
export const IconBrandCloudflare: Icon = IconBrandCloudflareRaw;
export const IconBrandInstagram: Icon = IconBrandInstagramRaw;
export const IconBrandLinkedin: Icon = IconBrandLinkedinRaw;
