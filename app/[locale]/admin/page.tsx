import { localeParam } from '@/i18n/params';
import { redirect } from '@/i18n/navigation';
import { requireStaff } from '@/lib/auth';

/** `/admin`: the back office opens on its inbox (after the same staff check as every admin page). */
export default async function AdminHome({ params }: PageProps<'/[locale]/admin'>) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin' });
  redirect({ href: '/admin/enquiries', locale });
}
