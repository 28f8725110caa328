import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { JsonLd } from '@/components/seo/json-ld';
import { Section } from '@/components/ui/section';
import { Link } from '@/i18n/navigation';
import { faqPageJsonLd } from '@/lib/seo/json-ld';

const FAQ = [1, 2, 3, 4, 5] as const;

/**
 * The answers' inline links ({community}, {ourWork}, {blog}, {events}, {getHelp} tags in the messages): the spec's
 * four, and /get-help for "I have experienced racism. Where can I get help?" (issue 33: a person asking for help
 * is sent to the page that gives it, not to the community page).
 */
const PATHS = {
  community: '/community',
  ourWork: '/our-work',
  blog: '/blog',
  events: '/events',
  getHelp: '/get-help',
} as const;
type Tag = keyof typeof PATHS;

const links = Object.fromEntries(
  Object.entries(PATHS).map(([tag, href]) => [
    tag,
    (chunks: ReactNode) => (
      <Link href={href} prefetch={false} className="text-brand underline">
        {chunks}
      </Link>
    ),
  ]),
) as Record<Tag, (chunks: ReactNode) => ReactNode>;

/** The same answers as plain text, for the FAQPage JSON-LD. */
const plain = Object.fromEntries(Object.keys(PATHS).map((tag) => [tag, (c: string) => c])) as Record<
  Tag,
  (chunks: string) => string
>;

/** The FAQ: five questions as <details>, and the same questions and answers as FAQPage structured data. */
export async function FaqSection() {
  const t = await getTranslations('HomePage');
  return (
    <Section titleId="faq-title" title={t('faqHeading')} width="narrow">
      <JsonLd
        data={faqPageJsonLd(
          FAQ.map((n) => ({ question: t(`faq${n}Question`), answer: t.markup(`faq${n}Answer`, plain) })),
        )}
      />
      <div className="mt-8 divide-y divide-border rounded-2xl border border-border">
        {FAQ.map((n) => (
          <details key={n} className="group p-5">
            <summary className="cursor-pointer font-semibold marker:text-brand">
              {t(`faq${n}Question`)}
            </summary>
            <p className="mt-3 text-muted">{t.rich(`faq${n}Answer`, links)}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
