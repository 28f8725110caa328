/**
 * The national services the help texts name (the Get help page, the support block after a content-note page). Their
 * numbers and addresses are theirs, not configuration. Pure constants.
 */
export const TRUE_VISION = 'https://www.report-it.org.uk';
export const STOP_HATE_UK = 'https://www.stophateuk.org';
export const STOP_HATE_PHONE = '0800 138 1625';
export const SAMARITANS = 'https://www.samaritans.org';
export const SAMARITANS_PHONE = '116 123';

/** A `tel:` link for a number as printed (`0800 138 1625` → `tel:08001381625`). */
export function telHref(number: string): string {
  return `tel:${number.replace(/\s+/g, '')}`;
}
