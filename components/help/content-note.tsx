import { MessageSquareWarning } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';

/**
 * The short note shown first on a post, event or media item tagged `content-note` (lib/cms/content-note.ts), before
 * its image and title: what it deals with (`kind`: a blog post, or any other page), how to leave quickly, and where
 * to find support.
 */
export async function ContentNote({ kind = 'post' }: { kind?: 'post' | 'page' }) {
  const t = await getTranslations('ContentNote');
  return (
    <aside
      aria-labelledby="content-note-title"
      data-content-note
      className="rounded-2xl border-l-4 border-accent bg-surface p-5"
    >
      <h2 id="content-note-title" className="flex items-center gap-2 text-lg font-semibold">
        <MessageSquareWarning aria-hidden="true" className="size-5 shrink-0 text-brand" />
        {t('title')}
      </h2>
      <p className="mt-2">{t(kind === 'post' ? 'body' : 'bodyPage')}</p>
      <p className="mt-2">
        {t.rich('support', {
          link: (chunks) => (
            <Link href="/get-help" className="font-semibold text-brand underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </aside>
  );
}
