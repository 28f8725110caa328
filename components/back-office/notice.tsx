import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import { noticeOf } from '@/lib/back-office/shared';

/**
 * The outcome of a back-office form after its redirect (post/redirect/get: `?done=<key>` or `?error=<key>`,
 * lib/back-office/actions.ts `respond`), in messages `BackOffice.notice`. A success is spoken by a status region
 * that is always on the page (so a screen reader hears a change); a refusal is an alert. Unknown keys (a
 * hand-edited address) show nothing. Server component; `query` is the page's searchParams.
 */
export async function Notice({
  locale,
  query,
}: {
  locale: Locale;
  query: Record<string, string | string[] | undefined>;
}) {
  const notice = noticeOf(query);
  const t = await getTranslations({ locale, namespace: 'BackOffice.notice' });
  return (
    <>
      <div role="status">
        {notice?.ok ? (
          <p className="rounded-lg border border-success px-4 py-3 font-medium text-success">
            {t(notice.key)}
          </p>
        ) : null}
      </div>
      {notice && !notice.ok ? (
        <p role="alert" className="rounded-lg border border-danger px-4 py-3 font-medium text-danger">
          {t(notice.key)}
        </p>
      ) : null}
    </>
  );
}
