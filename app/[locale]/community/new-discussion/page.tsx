import { ArrowRight, Mail, Newspaper, Users } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { ForumNotOpen } from '@/components/discussions/forum-not-open';
import { PageHeader } from '@/components/layout/page-header';
import { localizeHref } from '@/i18n/client-paths';
import { Link } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import type { Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/community/new-discussion'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Discussions' });
  return pageMetadata({
    locale,
    path: '/community/new-discussion',
    title: t('newTitle'),
    description: t('newDescription'),
  });
}

const wayLinkClass =
  'inline-flex items-center gap-1 font-semibold text-brand underline-offset-4 hover:underline';

function Way({
  locale,
  href,
  icon,
  label,
  hint,
}: {
  locale: Locale;
  href: string;
  icon: ReactNode;
  label: string;
  hint: string;
}) {
  const content = (
    <>
      {label}
      <ArrowRight aria-hidden className="size-4" />
    </>
  );
  return (
    <li className="flex gap-4 rounded-2xl border border-border bg-bg p-5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-surface-strong text-brand">
        {icon}
      </span>
      <div>
        {href.includes('#') ? (
          // A full load, so the browser scrolls to the section (a client navigation lands at the page's top).
          <a href={localizeHref(locale, href)} className={wayLinkClass}>
            {content}
          </a>
        ) : (
          <Link href={href} prefetch={false} className={wayLinkClass}>
            {content}
          </Link>
        )}
        <p className="mt-1 text-muted">{hint}</p>
      </div>
    </li>
  );
}

/**
 * New Discussion (docs/SPEC-NOTES.md §2 route table): the members' forum is not open (the Community page says 'Discussion
 * Forum Coming Soon'), so there is no form here; the page says so and offers the ways to raise a topic today:
 * /contact, the newsletter on /community#newsletter and the Community page. Static: nothing reads the request.
 */
export default async function NewDiscussionPage({ params }: PageProps<'/[locale]/community/new-discussion'>) {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Discussions' });
  return (
    <>
      <PageHeader title={t('newTitle')} subtitle={t('newSubtitle')} />
      <div className="mx-auto max-w-4xl space-y-12 px-4 py-12 sm:px-6">
        <ForumNotOpen id="forum-not-open" title={t('newNotOpenTitle')} body={t('newNotOpenBody')} />
        <section aria-labelledby="raise-topic">
          <h2 id="raise-topic" className="text-2xl font-bold">
            {t('newMeantimeHeading')}
          </h2>
          <p className="mt-2 text-muted">{t('newMeantimeIntro')}</p>
          <ul className="mt-6 space-y-4">
            <Way
              locale={locale}
              href="/contact"
              icon={<Mail aria-hidden className="size-5" />}
              label={t('linkContact')}
              hint={t('linkContactHint')}
            />
            <Way
              locale={locale}
              href="/community#newsletter"
              icon={<Newspaper aria-hidden className="size-5" />}
              label={t('linkNewsletter')}
              hint={t('linkNewsletterHint')}
            />
            <Way
              locale={locale}
              href="/community"
              icon={<Users aria-hidden className="size-5" />}
              label={t('linkCommunity')}
              hint={t('linkCommunityHint')}
            />
          </ul>
        </section>
      </div>
    </>
  );
}
