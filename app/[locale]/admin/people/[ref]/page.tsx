import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { PersonRecordView } from '@/components/back-office/person-record';
import { ButtonLink } from '@/components/ui/button-link';
import { localeParam } from '@/i18n/params';
import { requireStaff } from '@/lib/auth';
import { adminMetadata, personPage } from '@/lib/back-office';

type Props = PageProps<'/[locale]/admin/people/[ref]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ref } = await params;
  return adminMetadata(await localeParam(params), `/admin/people/${ref}`, {
    title: 'People.title',
    description: 'People.description',
  });
}

/**
 * /admin/people/[ref] (review §3 item 1), staff and admins: one person's record, gathered by the normalised address
 * of the row the ref names (`enquiry-<id>`, `member-<id>`, `subscriber-<id>`, `user-<id>`): enquiries,
 * registration, subscription, account and courses, consents and sends. A malformed or unknown ref is a 404. The
 * export and erasure stay admin-only on /admin/data-rights, linked from here for admins.
 */
export default async function PersonPage({ params }: Props) {
  const locale = await localeParam(params);
  const { ref } = await params;
  const user = await requireStaff({ locale, next: `/admin/people/${ref}` });
  const [t, record] = await Promise.all([getTranslations({ locale, namespace: 'People' }), personPage(ref)]);
  if (!record) notFound();
  return (
    <AdminPage
      title={record.name ?? t('noName')}
      description={t('recordDescription', { email: record.email })}
      actions={
        <ButtonLink href="/admin/people" variant="outline" size="sm">
          {t('backToSearch')}
        </ButtonLink>
      }
    >
      <PersonRecordView record={record} locale={locale} isAdmin={user.role === 'admin'} />
    </AdminPage>
  );
}
