import { getTranslations } from 'next-intl/server';

import { ButtonLink } from '@/components/ui/button-link';

/** "Get in Touch": the closing band with links to /contact and /about. */
export async function ContactCtaSection() {
  const t = await getTranslations('HomePage');
  return (
    <section aria-labelledby="contact-title" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <div className="rounded-3xl bg-surface-strong px-6 py-12 text-center">
        <h2 id="contact-title" className="text-3xl font-bold">
          {t('contactHeading')}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted">{t('contactBody')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ButtonLink href="/contact" prefetch={false} size="lg">
            {t('contactCta')}
          </ButtonLink>
          <ButtonLink href="/about" variant="outline" size="lg" className="bg-bg hover:bg-surface">
            {t('aboutCta')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
