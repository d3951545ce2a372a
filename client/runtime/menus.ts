/**
 * Progressive enhancement for the <details> menus of the header, which work
 * without it: Escape closes the open menu and puts focus back on its button,
 * and a click elsewhere, on one of its links or opening another menu closes it. The phone menu
 * also closes when focus moves out of it (Tab past its last link would land
 * on the dimmed page), and gives focus back to its button when it closes
 * with focus inside it or nowhere (a tap on its backdrop, in browsers that do
 * not focus what is tapped). No framework: this is the only script a page
 * without islands loads (well under 1 KB).
 */
const MENUS = 'details.dropdown, details.nav-mobile';
const PHONE_MENU = 'details.nav-mobile';
const openMenus = () => [...document.querySelectorAll<HTMLDetailsElement>(MENUS)].filter((d) => d.open);

function closeOthers(opened: HTMLDetailsElement) {
  for (const menu of openMenus()) {
    if (menu !== opened && !menu.contains(opened)) menu.open = false;
  }
}

function refocusPhoneMenu(closed: HTMLDetailsElement) {
  const active = document.activeElement;
  const lost = active === null || active === document.body || closed.contains(active);
  if (lost && openMenus().length === 0) closed.querySelector('summary')?.focus();
}

// `toggle` does not bubble: listen in the capture phase.
document.addEventListener(
  'toggle',
  (event) => {
    const menu = event.target;
    if (!(menu instanceof HTMLDetailsElement) || !menu.matches(MENUS)) return;
    if (menu.open) closeOthers(menu);
    else if (menu.matches(PHONE_MENU)) refocusPhoneMenu(menu);
  },
  true,
);

// A click elsewhere closes a menu; so does a click on one of its links, which may stay on this page (`/#services`).
document.addEventListener('click', (event) => {
  const target = event.target as Element;
  const link = target instanceof Element ? target.closest('a[href]') : null;
  for (const menu of openMenus()) {
    if (!menu.contains(target) || (link && menu.contains(link))) menu.open = false;
  }
});

document.addEventListener('focusin', (event) => {
  for (const menu of openMenus()) {
    if (menu.matches(PHONE_MENU) && !menu.contains(event.target as Node)) menu.open = false;
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
