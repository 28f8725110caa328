import { MessagesSquare } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';

/**
 * 'Recent Discussions' (docs/SPEC-NOTES.md §2 Community): there is no forum yet, so the list is always empty and the section
 * says so plainly rather than showing placeholder threads.
 */
export async function Discussions({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Community' });
  return (
    <section id="discussions" aria-labelledby="discussions-title" className="scroll-mt-24">
      <h2 id="discussions-title" className="text-3xl font-bold">
        {t('discussionsHeading')}
      </h2>
      <div className="mt-6 rounded-2xl border border-dashed border-border p-10 text-center">
        <MessagesSquare aria-hidden className="mx-auto size-10 text-brand" />
        <h3 className="mt-4 text-xl font-semibold">{t('discussionsEmptyTitle')}</h3>
        <p className="mx-auto mt-2 max-w-2xl text-muted">{t('discussionsEmptyBody')}</p>
      </div>
    </section>
  );
}
