import { Heart } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';

/**
 * A Donate call to action that leads to /donate (the amount and frequency are chosen there): on the home page
 * and after a post. `context` picks the wording; the heading level follows the surrounding outline.
 */
export async function DonateCta({
  context,
  headingLevel = 'h2',
}: {
  context: 'home' | 'post';
  headingLevel?: 'h2' | 'h3';
}) {
  const t = await getTranslations('DonateCta');
  const Heading = headingLevel;
  return (
    <section
      aria-labelledby={`donate-cta-${context}`}
      data-donate-cta={context}
      className="rounded-3xl border border-border bg-surface-strong p-6 sm:p-8"
    >
      <Heading id={`donate-cta-${context}`} className="text-2xl font-bold">
        {t(`${context}Heading`)}
      </Heading>
      <p className="mt-2 max-w-2xl">{t(`${context}Body`)}</p>
      <Link
        href="/donate"
        prefetch={false}
        className="mt-5 inline-flex items-center gap-2 rounded-full bg-accent px-6 py-3 font-semibold text-accent-fg hover:brightness-95"
      >
        <Heart aria-hidden="true" className="size-5" />
        {t('button')}
      </Link>
    </section>
  );
}
