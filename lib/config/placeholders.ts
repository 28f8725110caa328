/**
 * The built-in placeholder identity and how to recognise it (issue 33: "demo or real, never in between").
 *
 * The site ships with a deliberately fictional identity so a fresh clone runs with no configuration: emails at
 * example.org (RFC 2606), the charity number 0000000, a phone number from Ofcom's drama range, "12 Example Yard",
 * example social profiles, donate.example.org and a localhost address. These values must never reach the public as
 * if they were real: `lib/ops/preflight.ts` refuses them in a production start (unless ALLOW_DEMO_PRODUCTION=1) and
 * `components/demo/demo-banner.tsx` shows a "Demo site" banner on every page while any of them is in use.
 *
 * Pure (no env, no I/O), so the rules are unit-tested and usable from instrumentation and server components alike.
 */
import { DEFAULT_DONATION_URL } from '@/lib/donate/provider';

/** The env variables that make up the public identity, each with its built-in (placeholder) default. */
export const DEMO_IDENTITY = {
  SITE_URL: 'http://localhost:3000',
  SITE_STREET_ADDRESS: '12 Example Yard',
  SITE_POSTCODE: 'LS1 0AA',
  SITE_PHONE: '0113 496 0000',
  CONTACT_EMAIL_GENERAL: 'hello@example.org',
  CONTACT_EMAIL_PRESS: 'press@example.org',
  CONTACT_EMAIL_DONATIONS: 'support@example.org',
  CONTACT_EMAIL_UNLEARNING_RACISM: 'unlearning@example.org',
  CONTACT_EMAIL_CLIMATE_JUSTICE: 'climate@example.org',
  SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/example',
  SOCIAL_X_URL: 'https://x.com/example',
  SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/example',
  SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@example',
  SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/example',
  DONATION_URL: DEFAULT_DONATION_URL,
  CHARITY_NUMBER: '0000000',
} as const;

export type IdentityKey = keyof typeof DEMO_IDENTITY;
export type IdentityValues = Partial<Record<IdentityKey, string | undefined>>;

/** One identity value that is still a placeholder: which variable, its value, and why it is one. */
export type Placeholder = { key: IdentityKey; value: string; reason: string };

// RFC 2606 / RFC 6761 names that can never belong to a real organisation.
const RESERVED_DOMAIN = /(^|\.)(example\.(org|com|net)|example|test|invalid|localhost)$/i;

/**
 * Ofcom's numbers reserved for TV and radio drama (they never connect), as national digits without spaces:
 * 0113/0114/0115/0116/0117/0118/0121/0131/0141/0151/0161 496 0000–0999, 020 7946 0000–0999, 0191 498 0000–0999,
 * 028 9649 6000–6999, 029 2018 0000–0999, 01632 960000–960999, 07700 900000–900999, 0808 157 0000–0999,
 * 0909 879 0000–0999, 0306 999 0000–0999.
 */
const DRAMA_NUMBER =
  /^((011[3-8]|01[2-6]1)4960\d{3}|02079460\d{3}|01914980\d{3}|02896496\d{3}|02920180\d{3}|01632960\d{3}|07700900\d{3}|08081570\d{3}|09098790\d{3}|03069990\d{3})$/;

/** Whether a host only names this machine (localhost, 127.0.0.0/8, ::1, 0.0.0.0). */
function isLocalHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '0.0.0.0' || /^127\./.test(h);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/** National digits of a UK phone number: spaces, brackets and dashes dropped, +44 / 0044 turned into 0. */
function nationalDigits(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.replace(/^(\+44|0044)0?/, '0');
}

/** Why one value is a placeholder, or undefined when it looks real. */
function placeholderReason(key: IdentityKey, raw: string): string | undefined {
  const value = raw.trim();
  if (key === 'SITE_URL') {
    const host = hostOf(value);
    if (!host) return 'not a URL';
    if (isLocalHost(host)) return 'points at this machine, not a public address';
    if (RESERVED_DOMAIN.test(host)) return 'a reserved example domain';
    return undefined;
  }
  if (key === 'SITE_STREET_ADDRESS') return /\bexample\b/i.test(value) ? 'a made-up street' : undefined;
  if (key === 'SITE_POSTCODE')
    return value.toUpperCase() === DEMO_IDENTITY.SITE_POSTCODE ? 'the demo postcode' : undefined;
  if (key === 'SITE_PHONE')
    return DRAMA_NUMBER.test(nationalDigits(value)) ? "in Ofcom's drama range (never connects)" : undefined;
  if (key === 'CHARITY_NUMBER')
    return /^0+$/.test(value.replace(/\s/g, '')) ? 'not a registered number' : undefined;
  if (key.startsWith('CONTACT_EMAIL_')) {
    const domain = value.split('@')[1] ?? '';
    return RESERVED_DOMAIN.test(domain) ? 'a reserved example domain' : undefined;
  }
  // Social profiles and the donation page: an example host, a local host, or the profile called "example".
  const host = hostOf(value);
  if (!host) return 'not a URL';
  if (isLocalHost(host) || RESERVED_DOMAIN.test(host)) return 'a reserved example domain';
  let path = '';
  try {
    path = new URL(value).pathname.toLowerCase().replace(/\/+$/, '');
  } catch {
    /* hostOf already parsed it */
  }
  if (/^\/(@|company\/|in\/|user\/|c\/)?example$/.test(path)) return 'the placeholder profile "example"';
  return undefined;
}

/**
 * Lists the identity values that are still placeholders.
 * Takes: the configured values by env name (unset or blank means the built-in default, itself a placeholder).
 * Returns: one entry per placeholder value, in DEMO_IDENTITY's order; empty when every value looks real.
 */
export function placeholderValues(values: IdentityValues): Placeholder[] {
  const found: Placeholder[] = [];
  for (const key of Object.keys(DEMO_IDENTITY) as IdentityKey[]) {
    const value = values[key]?.trim() || DEMO_IDENTITY[key];
    const reason = placeholderReason(key, value);
    if (reason) found.push({ key, value, reason });
  }
  return found;
}
