import { getTranslations } from 'next-intl/server';

import type { PostStatus } from '@/lib/cms';

/** docs/SPEC-NOTES.md §3: draft 'Draft', pending 'Pending Review', private 'Private', others their raw label; publish none. */
export async function StatusBadge({ status }: { status: PostStatus }) {
  if (status === 'publish') return null;
  const t = await getTranslations('Blog');
  const label =
    status === 'draft'
      ? t('statusDraft')
      : status === 'pending'
        ? t('statusPending')
        : status === 'private'
          ? t('statusPrivate')
          : status;
  return (
    <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">{label}</span>
  );
}
