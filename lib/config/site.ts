import 'server-only';

import { DEMO_IDENTITY, placeholderValues, type Placeholder } from './placeholders';

import { env, type Env } from './env';

/**
 * The charity's identity: one place for its name, contacts and links (docs/ARCHITECTURE.md §3).
 *
 * Every value can be overridden by an env variable of the same meaning (see `.env.example`). The defaults are
 * deliberately fictional (lib/config/placeholders.ts DEMO_IDENTITY): phone numbers from Ofcom's drama range
 * (0113 496 0xxx), emails at example.org, a placeholder charity number, so nothing here can be mistaken for a real
 * organisation's details. While any of them is in use every page shows the Demo site banner (`isDemoSite`) and a
 * production start refuses them (lib/ops/preflight.ts) unless ALLOW_DEMO_PRODUCTION=1.
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
    url: (e.SITE_URL ?? DEMO_IDENTITY.SITE_URL).replace(/\/+$/, ''),
    address: {
      street: e.SITE_STREET_ADDRESS ?? DEMO_IDENTITY.SITE_STREET_ADDRESS,
      locality: e.SITE_LOCALITY ?? 'Leeds',
      region: 'West Yorkshire',
      postcode: e.SITE_POSTCODE ?? DEMO_IDENTITY.SITE_POSTCODE,
      country: 'GB',
    },
    phone: e.SITE_PHONE ?? DEMO_IDENTITY.SITE_PHONE,
    emails: {
      general: e.CONTACT_EMAIL_GENERAL ?? DEMO_IDENTITY.CONTACT_EMAIL_GENERAL,
      press: e.CONTACT_EMAIL_PRESS ?? DEMO_IDENTITY.CONTACT_EMAIL_PRESS,
      donations: e.CONTACT_EMAIL_DONATIONS ?? DEMO_IDENTITY.CONTACT_EMAIL_DONATIONS,
      unlearningRacism: e.CONTACT_EMAIL_UNLEARNING_RACISM ?? DEMO_IDENTITY.CONTACT_EMAIL_UNLEARNING_RACISM,
      climateJustice: e.CONTACT_EMAIL_CLIMATE_JUSTICE ?? DEMO_IDENTITY.CONTACT_EMAIL_CLIMATE_JUSTICE,
    },
    social: {
      facebook: e.SOCIAL_FACEBOOK_URL ?? DEMO_IDENTITY.SOCIAL_FACEBOOK_URL,
      x: e.SOCIAL_X_URL ?? DEMO_IDENTITY.SOCIAL_X_URL,
      instagram: e.SOCIAL_INSTAGRAM_URL ?? DEMO_IDENTITY.SOCIAL_INSTAGRAM_URL,
      youtube: e.SOCIAL_YOUTUBE_URL ?? DEMO_IDENTITY.SOCIAL_YOUTUBE_URL,
      linkedin: e.SOCIAL_LINKEDIN_URL ?? DEMO_IDENTITY.SOCIAL_LINKEDIN_URL,
    },
    donationUrl: e.DONATION_URL ?? DEMO_IDENTITY.DONATION_URL,
    donationParams: {
      amount: paramName(e.DONATION_AMOUNT_PARAM, 'amount'),
      frequency: paramName(e.DONATION_FREQUENCY_PARAM, 'frequency'),
      oneOff: e.DONATION_ONE_OFF_VALUE ?? 'one-off',
      monthly: e.DONATION_MONTHLY_VALUE ?? 'monthly',
    },
    charityNumber: e.CHARITY_NUMBER ?? DEMO_IDENTITY.CHARITY_NUMBER,
    exitUrl: e.EXIT_PAGE_URL ?? 'https://www.bbc.co.uk/weather',
  };
}

/**
 * The placeholder values a site identity still uses (lib/config/placeholders.ts).
 * Takes: a SiteConfig. Returns: one entry per placeholder value; empty once every public detail is real.
 */
export function identityPlaceholders(site: SiteConfig): Placeholder[] {
  return placeholderValues({
    SITE_URL: site.url,
    SITE_STREET_ADDRESS: site.address.street,
    SITE_POSTCODE: site.address.postcode,
    SITE_PHONE: site.phone,
    CONTACT_EMAIL_GENERAL: site.emails.general,
    CONTACT_EMAIL_PRESS: site.emails.press,
    CONTACT_EMAIL_DONATIONS: site.emails.donations,
    CONTACT_EMAIL_UNLEARNING_RACISM: site.emails.unlearningRacism,
    CONTACT_EMAIL_CLIMATE_JUSTICE: site.emails.climateJustice,
    SOCIAL_FACEBOOK_URL: site.social.facebook,
    SOCIAL_X_URL: site.social.x,
    SOCIAL_INSTAGRAM_URL: site.social.instagram,
    SOCIAL_YOUTUBE_URL: site.social.youtube,
    SOCIAL_LINKEDIN_URL: site.social.linkedin,
    DONATION_URL: site.donationUrl,
    CHARITY_NUMBER: site.charityNumber,
  });
}

let cached: SiteConfig | undefined;

/** The site identity of this process. */
export function siteConfig(): SiteConfig {
  cached ??= buildSiteConfig(env());
  return cached;
}

/** Whether this process serves the placeholder identity (any value of it): every page then shows the Demo site banner. */
export function isDemoSite(): boolean {
  return identityPlaceholders(siteConfig()).length > 0;
}
