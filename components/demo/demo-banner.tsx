import { getTranslations } from 'next-intl/server';

import { isDemoSite } from '@/lib/config/site';

/**
 * The one "Demo site" banner (issue 33: demo or real, never in between), at the top of every page while the site
 * serves any of the built-in placeholder identity (lib/config/placeholders.ts: example.org emails, the charity
 * number 0000000, the Ofcom drama-range phone…). It says once, for the whole site, that this is a demonstration and
 * that its contact details, charity number and donations are not real, so the prose never needs "(fictional)".
 * Not dismissable: a closed banner would leave a screen reader user, or the next visitor, with a site that looks
 * real. A named region (a landmark, listed by screen readers) in the normal flow, so it never covers the header
 * and wraps at 320 px. Renders nothing once every public detail is configured (a production start refuses the
 * placeholders unless ALLOW_DEMO_PRODUCTION=1, lib/ops/preflight.ts).
 */
export async function DemoBanner() {
  if (!isDemoSite()) return null;
  const t = await getTranslations('DemoBanner');
  return (
    <div
      role="region"
      aria-label={t('label')}
      data-testid="demo-banner"
      className="border-b-2 border-amber-500 bg-amber-100 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="mx-auto max-w-7xl px-4 py-2 text-sm leading-snug">
        <strong className="me-2 inline-block rounded bg-amber-900 px-2 py-0.5 text-xs font-bold tracking-wide text-white uppercase dark:bg-amber-300 dark:text-amber-950">
          {t('label')}
        </strong>
        {t('text')}
      </p>
    </div>
  );
}
