import { localeParam } from '@/i18n/params';
import { redirect } from '@/i18n/navigation';

/** `/course/create` (docs/SPEC-NOTES.md §2: alias of the creation page): a redirect to /courses/create in the same locale. */
export default async function CourseCreateAlias({ params }: PageProps<'/[locale]/course/create'>) {
  redirect({ href: '/courses/create', locale: await localeParam(params) });
}
