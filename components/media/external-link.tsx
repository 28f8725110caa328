import { ExternalLink as ExternalIcon } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

/** 'View on {host}' for a media item's `external_url`: a new tab, which the link text tells screen readers. */
export async function MediaExternalLink({ url }: { url: string }) {
  const t = await getTranslations('Media');
  const host = new URL(url).hostname.replace(/^www\./, '');
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-2 font-semibold text-brand hover:underline"
    >
      {t('external', { host })}
      <ExternalIcon aria-hidden className="size-4" />
      <span className="sr-only"> {t('newTab')}</span>
    </a>
  );
}
