/**
 * The browser runtime every page loads (no framework; started by boot.ts
 * after the first paint): the header menus' keyboard and outside-click
 * handling, the new-build check and focus on anchor targets. Reveal on
 * scroll lives in boot.ts: it must run before the first paint.
 */
import './menus';
import './builds';
import './scroll';
