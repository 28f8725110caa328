import { readFileSync } from 'node:fs';

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import pt from '@/messages/pt.json';

/**
 * The privacy policy's retention statement (issue 17 item 7, D7): exactly one statement per kind (enquiries,
 * network registration, newsletter, course accounts, logs), each with the period the code enforces as configured
 * (RETENTION_SUBMISSION_MONTHS, RETENTION_MEMBER_MONTHS, RETENTION_PENDING_NEWSLETTER_DAYS, RETENTION_LOG_DAYS), in
 * all four languages; and the CMS page above it states no period of its own that could contradict it.
 */
const CATALOGUES = { en, es, fr, pt } as const;
type Locale = keyof typeof CATALOGUES;
const state = vi.hoisted(() => ({ locale: 'en' as 'en' | 'es' | 'fr' | 'pt' }));
vi.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => {
    const catalogues = { en, es, fr, pt } as unknown as Record<
      string,
      Record<string, Record<string, string>>
    >;
    const table = catalogues[state.locale]![namespace]!;
    return (key: string, values: Record<string, unknown> = {}) =>
      table[key]!.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
  },
}));

process.env.RETENTION_SUBMISSION_MONTHS = '18';
process.env.RETENTION_MEMBER_MONTHS = '9';
process.env.RETENTION_PENDING_NEWSLETTER_DAYS = '14';
process.env.RETENTION_LOG_DAYS = '5';

/** The text of each `<li data-retention-kind>` of the rendered notice, by kind. */
function statements(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const m of html.matchAll(/<li data-retention-kind="(\w+)">(.*?)<\/li>/g))
    found[m[1]!] = m[2]!.replace(/<[^>]+>/g, '');
  return found;
}

describe('RetentionNotice', () => {
  it.each(Object.keys(CATALOGUES) as Locale[])(
    'states one period per kind, as configured (%s)',
    async (locale) => {
      state.locale = locale;
      const { RetentionNotice, RETENTION_KINDS } = await import('@/components/data-rights/retention-notice');
      const html = renderToStaticMarkup(await RetentionNotice());
      const said = statements(html);
      expect(Object.keys(said)).toEqual([...RETENTION_KINDS]);
      expect(said.enquiries).toMatch(/\b18\b/);
      expect(said.registration).toMatch(/\b9\b/);
      expect(said.newsletter).toMatch(/\b14\b/);
      expect(said.logs).toMatch(/\b5\b/);
      // Course accounts have no automatic deletion, and the statement says no period.
      expect(said.accounts).not.toMatch(/\d/);
      // No statement carries a second, contradicting number.
      for (const [kind, text] of Object.entries(said))
        expect(text.match(/\d+/g) ?? [], kind).toHaveLength(kind === 'accounts' ? 0 : 1);
      expect(html).toContain(CATALOGUES[locale].PrivacyRetention.heading);
      // NM4: what the self-service download holds, and that staff notes go through a reviewed request.
      expect(html).toContain(CATALOGUES[locale].PrivacyRetention.selfExport);
    },
  );

  it('the CMS privacy page (seed and snapshot) states no retention period of its own', () => {
    const seed = JSON.parse(readFileSync('content/seed/pages.json', 'utf8')) as {
      slug: string;
      content: string;
    }[];
    const snapshot = JSON.parse(readFileSync('content/snapshot/pages.json', 'utf8')) as {
      slug: string;
      content: { rendered: string };
    }[];
    const bodies = [
      seed.find((p) => p.slug === 'privacy-policy')!.content,
      snapshot.find((p) => p.slug === 'privacy-policy')!.content.rendered,
    ];
    for (const body of bodies) {
      const section = body.split('<h2>How long we keep it</h2>')[1]!.split('<h2>')[0]!;
      expect(section).not.toMatch(/\b(year|month|week|day)s?\b|last login/i);
      expect(section).toContain('How long we keep your data');
    }
  });
});
