/**
 * Progressive enhancement for the <details> menus of the header, which work
 * without it: Escape closes the open menu and puts focus back on its button,
 * and a click elsewhere or opening another menu closes it. No framework: this
 * is the only script a page without islands loads (well under 1 KB).
 */
const MENUS = 'details.dropdown, details.nav-mobile';
const openMenus = () => [...document.querySelectorAll<HTMLDetailsElement>(MENUS)].filter((d) => d.open);

// `toggle` does not bubble: listen in the capture phase.
document.addEventListener(
  'toggle',
  (event) => {
    const opened = event.target;
    if (!(opened instanceof HTMLDetailsElement) || !opened.open || !opened.matches(MENUS)) return;
    for (const menu of openMenus()) {
      if (menu !== opened && !menu.contains(opened)) menu.open = false;
    }
  },
  true,
);

document.addEventListener('click', (event) => {
  for (const menu of openMenus()) {
    if (!menu.contains(event.target as Node)) menu.open = false;
  }
});

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const open = openMenus();
  const menu = open.filter((d) => d.contains(document.activeElement)).pop() ?? open.pop();
  if (!menu) return;
  menu.open = false;
  menu.querySelector('summary')?.focus();
});
