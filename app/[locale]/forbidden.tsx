import { getTranslations } from 'next-intl/server';

import { ButtonLink } from '@/components/ui/button-link';

export async function generateMetadata() {
  const t = await getTranslations('admin.forbidden');
  return { title: t('title') };
}

/**
 * The translated 403 page: Next sends it with status 403 wherever `forbidden()` is called (lib/auth
 * requireStaff, for a signed-in person without the back-office role a page needs).
 */
export default async function Forbidden() {
  const t = await getTranslations('admin.forbidden');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <p className="text-6xl font-bold text-brand" aria-hidden="true">
        403
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t('title')}</h1>
      <p className="mt-4 text-muted">{t('description')}</p>
      <div className="mt-8">
        <ButtonLink href="/" size="lg">
          {t('home')}
        </ButtonLink>
      </div>
    </div>
  );
}
