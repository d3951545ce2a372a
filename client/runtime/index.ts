/**
 * The browser runtime every page loads (no framework; started by boot.ts
 * after the first paint): the header menus' keyboard and outside-click
 * handling, and the new-build check.
 */
import './menus';
import './builds';
