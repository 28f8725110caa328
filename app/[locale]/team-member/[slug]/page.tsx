import { Mail } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';

import { CmsHtml } from '@/components/cms/cms-html';
import { contentLang } from '@/components/cms/content-lang';
import { EnglishOnlyNote } from '@/components/cms/english-only-note';
import { BackLink } from '@/components/cms/feature-image';
import { PageHeader } from '@/components/layout/page-header';
import { JsonLd } from '@/components/seo/json-ld';
import { TeamMemberPhoto } from '@/components/team/team-member-card';
import { localizedPath } from '@/i18n/paths';
import { localeParam, slugParam } from '@/i18n/params';
import { getTeamMember, getTeamMembers } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { personJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

export async function generateStaticParams() {
  return (await getTeamMembers()).slice(0, 20).map((m) => ({ slug: m.slug }));
}

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/team-member/[slug]'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const member = await getTeamMember(await slugParam(params));
  const t = await getTranslations({ locale, namespace: 'Team' });
  if (!member) return { title: t('notFoundTitle') };
  const summary = [member.role, member.bio].filter(Boolean).join('. ');
  return pageMetadata({
    locale,
    path: `/team-member/${member.slug}`,
    title: member.title,
    description: summary.slice(0, 160) || member.title,
  });
}

/**
 * A team member (docs/SPEC-NOTES.md §2): photo, name, role, biography and email, with Person JSON-LD. Profiles are
 * English: under /es, /fr, /pt the name, role and biography carry `lang="en"` under the 'English only' note.
 */
export default async function TeamMemberPage({ params }: PageProps<'/[locale]/team-member/[slug]'>) {
  const locale = await localeParam(params);
  const member = await getTeamMember(await slugParam(params));
  if (!member) notFound();
  const t = await getTranslations('Team');
  const path = localizedPath(locale, `/team-member/${member.slug}`);
  const lang = contentLang(locale);
  const hasBody = member.html.replace(/<[^>]*>/g, '').trim() !== '';
  return (
    <>
      <JsonLd
        data={personJsonLd(siteConfig(), {
          path,
          name: member.title,
          jobTitle: member.role,
          imageUrl: member.photo?.url,
        })}
      />
      <div lang={lang}>
        <PageHeader title={member.title} subtitle={member.role ?? undefined} />
      </div>
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <BackLink href="/our-team" label={t('back')} />
        {lang ? <EnglishOnlyNote kind="profile" className="mt-6" /> : null}
        <div className="mt-6 grid gap-8 md:grid-cols-[18rem_1fr]">
          <div className="overflow-hidden rounded-2xl md:self-start">
            <TeamMemberPhoto member={member} sizes="(min-width: 768px) 288px, 100vw" priority />
          </div>
          <div>
            {hasBody ? (
              <div lang={lang}>
                <CmsHtml html={member.html} />
              </div>
            ) : member.bio ? (
              <p lang={lang} className="text-lg">
                {member.bio}
              </p>
            ) : null}
            {member.email ? (
              <dl className="mt-6">
                <dt className="flex items-center gap-2 text-sm font-semibold text-muted">
                  <Mail aria-hidden className="size-4" />
                  {t('email')}
                </dt>
                <dd className="mt-1">
                  <a href={`mailto:${member.email}`} className="text-brand underline hover:no-underline">
                    {member.email}
                  </a>
                </dd>
              </dl>
            ) : null}
          </div>
        </div>
      </div>
    </>
  );
}
