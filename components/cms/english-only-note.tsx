import { Languages } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

/**
 * The short note above CMS content that has no translation into the visitor's locale, so the English text is
 * shown under the translated interface (lib/cms/translations.ts). Written in the interface language; the
 * content itself carries `lang="en"`. Server component.
 */
export async function EnglishOnlyNote({
  kind,
  className = '',
}: {
  kind: 'article' | 'page' | 'event' | 'report' | 'course' | 'profile' | 'vacancy' | 'cause';
  className?: string;
}) {
  const t = await getTranslations('EnglishOnly');
  return (
    <p
      data-testid="english-only-note"
      className={`flex items-start gap-2 rounded-lg border border-border bg-surface px-4 py-3 text-sm ${className}`}
    >
      <Languages aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{t(kind)}</span>
    </p>
  );
}
