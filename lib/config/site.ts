import 'server-only';

import { DEFAULT_DONATION_URL } from '@/lib/donate/provider';

import { env, type Env } from './env';

/**
 * The charity's identity: one place for its name, contacts and links (docs/ARCHITECTURE.md §3).
 *
 * Every value can be overridden by an env variable of the same meaning (see `.env.example`). The defaults are
 * deliberately fictional: phone numbers from Ofcom's drama range (0113 496 0xxx), emails at example.org, a
 * placeholder charity number, so nothing here can be mistaken for a real organisation's details.
 */
export type SiteConfig = {
  name: string;
  shortName: string;
  url: string;
  address: { street: string; locality: string; region: string; postcode: string; country: 'GB' };
  phone: string;
  emails: {
    general: string;
    press: string;
    donations: string;
    unlearningRacism: string;
    climateJustice: string;
  };
  social: { facebook: string; x: string; instagram: string; youtube: string; linkedin: string };
  donationUrl: string;
  /** How the donate form passes its choice to `donationUrl`: null parameter names are not sent. */
  donationParams: {
    amount: string | null;
    frequency: string | null;
    oneOff: string;
    monthly: string;
  };
  charityNumber: string;
  /** The neutral site 'Exit this page' replaces the page with. */
  exitUrl: string;
};

/** An env parameter name: unset gives the default, `none` means the provider takes no such parameter. */
function paramName(value: string | undefined, fallback: string): string | null {
  if (!value) return fallback;
  return value.toLowerCase() === 'none' ? null : value;
}

/** Builds the site identity from a validated env; pure, for tests. */
export function buildSiteConfig(e: Env): SiteConfig {
  return {
    name: e.SITE_NAME ?? 'Leeds Racial Justice Network',
    shortName: e.SITE_SHORT_NAME ?? 'LRJN',
    url: (e.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
    address: {
      street: e.SITE_STREET_ADDRESS ?? '12 Example Yard',
      locality: e.SITE_LOCALITY ?? 'Leeds',
      region: 'West Yorkshire',
      postcode: e.SITE_POSTCODE ?? 'LS1 0AA',
      country: 'GB',
    },
    phone: e.SITE_PHONE ?? '0113 496 0000',
    emails: {
      general: e.CONTACT_EMAIL_GENERAL ?? 'hello@example.org',
      press: e.CONTACT_EMAIL_PRESS ?? 'press@example.org',
      donations: e.CONTACT_EMAIL_DONATIONS ?? 'support@example.org',
      unlearningRacism: e.CONTACT_EMAIL_UNLEARNING_RACISM ?? 'unlearning@example.org',
      climateJustice: e.CONTACT_EMAIL_CLIMATE_JUSTICE ?? 'climate@example.org',
    },
    social: {
      facebook: e.SOCIAL_FACEBOOK_URL ?? 'https://www.facebook.com/example',
      x: e.SOCIAL_X_URL ?? 'https://x.com/example',
      instagram: e.SOCIAL_INSTAGRAM_URL ?? 'https://www.instagram.com/example',
      youtube: e.SOCIAL_YOUTUBE_URL ?? 'https://www.youtube.com/@example',
      linkedin: e.SOCIAL_LINKEDIN_URL ?? 'https://www.linkedin.com/company/example',
    },
    donationUrl: e.DONATION_URL ?? DEFAULT_DONATION_URL,
    donationParams: {
      amount: paramName(e.DONATION_AMOUNT_PARAM, 'amount'),
      frequency: paramName(e.DONATION_FREQUENCY_PARAM, 'frequency'),
      oneOff: e.DONATION_ONE_OFF_VALUE ?? 'one-off',
      monthly: e.DONATION_MONTHLY_VALUE ?? 'monthly',
    },
    charityNumber: e.CHARITY_NUMBER ?? '0000000',
    exitUrl: e.EXIT_PAGE_URL ?? 'https://www.bbc.co.uk/weather',
  };
}

let cached: SiteConfig | undefined;

/** The site identity of this process. */
export function siteConfig(): SiteConfig {
  cached ??= buildSiteConfig(env());
  return cached;
}
