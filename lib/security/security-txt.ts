import type { SiteConfig } from '@/lib/config/site';

/**
 * The body of /.well-known/security.txt (RFC 9116): where to report a vulnerability. Pure: takes the site's
 * identity and a clock, returns the text. `Expires` is a year ahead of `now` (the RFC asks for less than a year's
 * validity, so the route is revalidated daily); `Contact` is the charity's general address (SECURITY.md explains
 * what to send).
 */
export function securityTxt(site: Pick<SiteConfig, 'url' | 'emails'>, now: Date = new Date()): string {
  const expires = new Date(now.getTime() + 364 * 24 * 60 * 60 * 1000);
  expires.setUTCHours(0, 0, 0, 0);
  const canonical = new URL('/.well-known/security.txt', site.url).toString();
  return [
    `Contact: mailto:${site.emails.general}`,
    `Expires: ${expires.toISOString()}`,
    'Preferred-Languages: en, es, fr, pt',
    `Canonical: ${canonical}`,
    '',
  ].join('\n');
}
