import { getTranslations } from 'next-intl/server';

import { contentPageRoute } from '@/app/[locale]/_routes/content-page';
import { ProgrammesSection } from '@/components/home/content-sections';
import { getProgrammes } from '@/lib/causes';

/**
 * /our-work – the WordPress page `our-work` (docs/SPEC-NOTES.md §2), then the causes as cards: the same list, names and
 * order as the home page, /causes and the footer (lib/causes). ISR; the webhook revalidates `page:our-work`
 * and `causes`.
 */
const route = contentPageRoute({ slug: 'our-work' });

export const revalidate = 3600;
export const generateMetadata = route.generateMetadata;

export default async function OurWorkPage(props: PageProps<'/[locale]/our-work'>) {
  const [page, causes, t] = await Promise.all([
    route.ContentPage(props),
    getProgrammes(),
    getTranslations('OurWork'),
  ]);
  return (
    <>
      {page}
      <ProgrammesSection causes={causes} intro={t('programmesIntro')} />
    </>
  );
}
