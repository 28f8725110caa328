import { UserRound } from '@/components/icons/icons';

import { CmsImage } from '@/components/cms/cms-image';
import { ContentLangTag, contentLang } from '@/components/cms/content-lang';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { truncateAtWord, type TeamMember } from '@/lib/cms';

/** How much of the short biography a card shows. */
const CARD_BIO_MAX = 160;

/** A team member's photo (alt = their name), or a neutral placeholder when there is none. */
export function TeamMemberPhoto({
  member,
  sizes,
  priority,
}: {
  member: TeamMember;
  sizes: string;
  priority?: boolean;
}) {
  return (
    <div className="relative aspect-square overflow-hidden bg-surface-strong">
      {member.photo ? (
        <CmsImage
          src={member.photo.url}
          alt={member.title}
          fill
          priority={priority}
          sizes={sizes}
          className="object-cover"
        />
      ) : (
        <UserRound aria-hidden className="absolute inset-0 m-auto size-16 text-muted" />
      )}
    </div>
  );
}

/**
 * A team member in the /our-team grid: photo, name linking to /team-member/{slug}, role and a short bio. Profiles are
 * English: under /es, /fr, /pt an 'English' tag, and `lang="en"` on the name, role and bio (components/cms/content-lang.tsx).
 */
export function TeamMemberCard({
  member,
  locale,
  priority,
}: {
  member: TeamMember;
  locale: Locale;
  priority?: boolean;
}) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-bg shadow-sm hover:shadow-md">
      <TeamMemberPhoto
        member={member}
        priority={priority}
        sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"
      />
      <div className="flex flex-1 flex-col p-5">
        <ContentLangTag locale={locale} className="mb-2" />
        <h2 lang={contentLang(locale)} className="text-lg font-semibold text-balance">
          <Link
            href={`/team-member/${member.slug}`}
            className="group-hover:text-brand after:absolute after:inset-0"
          >
            {member.title}
          </Link>
        </h2>
        {member.role ? (
          <p lang={contentLang(locale)} className="text-sm font-medium text-brand">
            {member.role}
          </p>
        ) : null}
        {member.bio ? (
          <p lang={contentLang(locale)} className="mt-2 text-muted">
            {truncateAtWord(member.bio, CARD_BIO_MAX)}
          </p>
        ) : null}
      </div>
    </article>
  );
}
