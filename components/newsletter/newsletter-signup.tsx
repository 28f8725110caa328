import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';

import { NewsletterForm } from './newsletter-form';

/**
 * The newsletter panel (docs/SPEC-NOTES.md §2 Home and Community): heading, what subscribers get, the form, and what we store
 * (issue 5, privacy: the address, the consent time and the language; link to the privacy policy). Server
 * component; only the form is a client island. `source` names the page for the subscriber row (home, community).
 */
export async function NewsletterSignup({
  source,
  headingLevel = 2,
}: {
  source: string;
  headingLevel?: 2 | 3;
}) {
  const t = await getTranslations('NewsletterSignup');
  const Heading = `h${headingLevel}` as const;
  const headingId = `newsletter-${source}-title`;
  return (
    <div className="rounded-2xl border border-border bg-surface p-6 sm:p-8">
      <Heading id={headingId} className="text-2xl font-bold">
        {t('heading')}
      </Heading>
      <p className="mt-2 text-muted">{t('body')}</p>
      <div className="mt-5">
        <NewsletterForm source={source} />
      </div>
      <p className="mt-4 text-sm text-muted">
        {t.rich('privacy', {
          link: (chunks) => (
            <Link href="/privacy-policy" prefetch={false} className="text-brand underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </div>
  );
}
