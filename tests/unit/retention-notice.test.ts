import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import en from '@/messages/en.json';
import es from '@/messages/es.json';

/**
 * The privacy policy's retention statement (issue 17 item 7) says the configured periods
 * (RETENTION_SUBMISSION_MONTHS, RETENTION_PENDING_NEWSLETTER_DAYS) in the page's language.
 */
const state = vi.hoisted(() => ({ locale: 'en' as 'en' | 'es' }));
vi.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => {
    const table = ((state.locale === 'es' ? es : en) as unknown as Record<string, Record<string, string>>)[
      namespace
    ]!;
    return (key: string, values: Record<string, unknown> = {}) =>
      table[key]!.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
  },
}));

process.env.RETENTION_SUBMISSION_MONTHS = '18';
process.env.RETENTION_PENDING_NEWSLETTER_DAYS = '14';

describe('RetentionNotice', () => {
  it('states the configured periods, in English and in Spanish', async () => {
    const { RetentionNotice } = await import('@/components/data-rights/retention-notice');
    let html = renderToStaticMarkup(await RetentionNotice());
    expect(html).toContain('How long we keep your data');
    expect(html).toContain('deleted automatically 18 months after they are sent');
    expect(html).toContain('deleted after 14 days');
    // NM4: what the self-service download holds, and that staff notes go through a reviewed request.
    expect(html).toContain('does not include our staff’s internal notes');
    state.locale = 'es';
    html = renderToStaticMarkup(await RetentionNotice());
    expect(html).toContain('Cuánto tiempo guardamos tus datos');
    expect(html).toContain('18 meses');
    expect(html).toContain('14 días');
    expect(html).toContain('notas internas de nuestro personal');
  });
});
