import { escapeHtml } from './escape';
import { callablePhone } from './phone';

/**
 * The association's e-mail signature, as one pure function: the desktop and
 * phone generators, and the server's no-JavaScript preview, all call it, so
 * what a visitor sees is exactly what is copied, whichever page they use.
 */

/** Longest value kept in a field (the form's `maxLength`, and the server's cut for the GET fallback). */
export const SIGNATURE_FIELD_MAX = 80;

export interface SignatureFields {
  name: string;
  role: string;
  phone: string;
  email: string;
}

export interface SignatureOrg {
  /** Full name, on the role's line: "Junior Entreprise EPFL". */
  fullName: string;
  address: string;
  /** Absolute site URL, linked from the signature, and the logo's origin: "https://jeepfl.ch". */
  website: string;
  /** The logo's text for mail clients that do not show images: "JE EPFL logo". */
  logoAlt: string;
}

/**
 * The logo in the signature: a PNG, since many mail clients show no SVG
 * (scripts/make-email-logo.mjs draws it from static/images/logo.svg at three
 * times this size), at a stable address that mail clients load from the site
 * itself, where the Worker lets other origins embed it (worker/middleware/security.ts).
 */
const LOGO = { path: '/images/email/logo.png', size: 64 } as const;

export interface Signature {
  /** Rich form for mail clients: one table, inline styles only, every value escaped. */
  html: string;
  /** Plain-text form, one line per item, for mail apps that take only text. */
  text: string;
}

/**
 * Each styled part of the signature, with the site's colours (client/styles/tokens.css).
 * The copied HTML carries these inline: mail clients drop classes and stylesheets.
 * The page's CSP allows style attributes with exactly these values, by hash
 * (scripts/build.mjs), so the preview shows the very markup that is copied.
 */
export const SIGNATURE_STYLES = {
  table: 'border-collapse:collapse;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:20px;color:#1a1f2b',
  logoCell: 'padding:2px 12px 2px 0;vertical-align:top',
  // Its size in the style too: a mail client's stylesheet (or this site's) that shrinks images to fit would squeeze it in the table.
  logo: `display:block;width:${LOGO.size}px;height:${LOGO.size}px;max-width:none;border:0`,
  cell: 'padding:2px 0 2px 12px;border-left:3px solid #ffb400',
  name: 'font-size:16px;line-height:22px;color:#0b3d91',
  muted: 'color:#4a5365',
  contact: 'color:#1a1f2b;text-decoration:none',
  website: 'color:#0b3d91;text-decoration:none',
} as const;

type Part = keyof typeof SIGNATURE_STYLES;
const style = (part: Part) => `style="${SIGNATURE_STYLES[part]}"`;

/** A field as it goes into the signature: bounded, with line breaks and runs of spaces folded. */
function clean(value: string): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, SIGNATURE_FIELD_MAX);
}

/**
 * Builds the signature from the visitor's fields. Empty fields are left out:
 * no empty line, no dangling comma. A phone number is written and linked as
 * client/phone.ts makes it callable; one that cannot be called stays as typed,
 * without a link.
 *
 * @example
 *   signature({ name: 'Camille Martin', role: 'Cheffe de projet', phone: '', email: '' },
 *     { fullName: 'Junior Entreprise EPFL', address: 'EPFL, 1015 Lausanne', website: 'https://jeepfl.ch', logoAlt: 'JE EPFL logo' }).text
 *   // 'Camille Martin\nCheffe de projet, Junior Entreprise EPFL\nEPFL, 1015 Lausanne\nhttps://jeepfl.ch'
 */
export function signature(fields: SignatureFields, org: SignatureOrg): Signature {
  const name = clean(fields.name);
  const role = clean(fields.role);
  const typedPhone = clean(fields.phone);
  const callable = callablePhone(typedPhone);
  const phone = callable?.display ?? typedPhone;
  const email = clean(fields.email);
  const affiliation = role ? `${role}, ${org.fullName}` : org.fullName;
  const site = org.website.replace(/^https?:\/\//, '').replace(/\/$/, '');

  const link = (href: string, label: string, part: Part) => `<a href="${escapeHtml(href)}" ${style(part)}>${escapeHtml(label)}</a>`;
  const lines = [
    name && `<strong ${style('name')}>${escapeHtml(name)}</strong>`,
    `<span ${style('muted')}>${escapeHtml(affiliation)}</span>`,
    phone && (callable ? link(`tel:${callable.e164}`, phone, 'contact') : escapeHtml(phone)),
    email && (email.includes('@') ? link(`mailto:${email}`, email, 'contact') : escapeHtml(email)),
    `<span ${style('muted')}>${escapeHtml(org.address)}</span>`,
    link(org.website, site, 'website'),
  ].filter(Boolean);
  const logo =
    `<img src="${escapeHtml(`${org.website.replace(/\/$/, '')}${LOGO.path}`)}" width="${LOGO.size}" ` +
    `height="${LOGO.size}" alt="${escapeHtml(org.logoAlt)}" ${style('logo')}>`;

  return {
    html:
      `<table cellpadding="0" cellspacing="0" border="0" role="presentation" ${style('table')}><tbody><tr>` +
      `<td ${style('logoCell')}>${logo}</td><td ${style('cell')}>${lines.join('<br>')}</td></tr></tbody></table>`,
    text: [name, affiliation, phone, email, org.address, org.website].filter(Boolean).join('\n'),
  };
}
