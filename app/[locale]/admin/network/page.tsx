import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/admin/admin-page';
import {
  NoticeRegion,
  ScrollTable,
  buttonClass,
  formatWhen,
  inputClass,
  tdClass,
} from '@/components/back-office/parts';
import { ButtonLink } from '@/components/ui/button-link';
import { localeParam } from '@/i18n/params';
import { adminMetadata } from '@/lib/admin/metadata';
import { requireStaff } from '@/lib/auth';
import { parseVolunteerFilter, queryRecord } from '@/lib/back-office/handlers';
import { noticeOf } from '@/lib/back-office/notice';
import {
  BACK_OFFICE_ROW_LIMIT,
  EXPERIENCE_LEVELS,
  VOLUNTEER_STATUSES,
  getDb,
  listVolunteers,
  volunteerFacets,
} from '@/lib/db';
import { AVAILABILITY_OPTIONS, INTEREST_OPTIONS } from '@/lib/volunteers/shared';

import { setVolunteerStatusAction } from '@/lib/back-office/actions';

type Props = PageProps<'/[locale]/admin/network'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/network', {
    title: 'AdminLists.network.title',
    description: 'AdminLists.network.description',
  });
}

/**
 * Network registrations (issue 17 item 3), staff and admins (`requireStaff` first: signed out → sign in, no role →
 * 403): every field of the registration form, filters by country, interest, experience and status (a GET form,
 * so a filtered list has its own address), each row's status (new, welcomed, active, left) changed by a form
 * posting to `setVolunteerStatusAction`, and a CSV export of the filtered list (/api/admin/network/export).
 */
export default async function NetworkPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/network' });
  const query = queryRecord(await searchParams);
  const filter = parseVolunteerFilter(query);
  const db = await getDb();
  const [rows, facets] = await Promise.all([listVolunteers(db, filter), volunteerFacets(db)]);
  const t = await getTranslations({ locale, namespace: 'AdminLists' });
  const notice = noticeOf(query);
  const filterQuery = new URLSearchParams(
    Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  const statusLabel = (s: string) => t(`network.status_${s}` as 'network.status_new');
  const experienceLabel = (s: string) => t(`network.experience_${s}` as 'network.experience_beginner');
  // The registration form's own labels for its stored option values; free text ('other: …') is shown as given.
  const form = await getTranslations({ locale, namespace: 'Registration' });
  const pascal = (value: string) => value.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
  const optionLabel = (prefix: 'interest' | 'availability', options: readonly string[]) => (value: string) =>
    options.includes(value) ? form(`${prefix}${pascal(value)}` as never) : value;
  const interestLabel = optionLabel('interest', INTEREST_OPTIONS);
  const availabilityLabel = optionLabel('availability', AVAILABILITY_OPTIONS);

  return (
    <AdminPage
      title={t('network.title')}
      description={t('network.description')}
      actions={
        <ButtonLink
          href={`/api/admin/network/export${filterQuery ? `?${filterQuery}` : ''}`}
          external
          download
          size="sm"
        >
          {t('exportCsv')}
        </ButtonLink>
      }
    >
      <NoticeRegion notice={notice ? { ok: notice.ok, text: t(`notice.${notice.key}`) } : null} />
      <form method="get" className="flex flex-wrap items-end gap-4 rounded-xl border border-border p-4">
        <div>
          <label htmlFor="filter-country" className="block font-medium">
            {t('network.country')}
          </label>
          <select
            id="filter-country"
            name="country"
            defaultValue={filter.country ?? ''}
            className={inputClass}
          >
            <option value="">{t('any')}</option>
            {facets.countries.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-interest" className="block font-medium">
            {t('network.interest')}
          </label>
          <select
            id="filter-interest"
            name="interest"
            defaultValue={filter.interest ?? ''}
            className={inputClass}
          >
            <option value="">{t('any')}</option>
            {facets.interests.map((i) => (
              <option key={i} value={i}>
                {interestLabel(i)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-experience" className="block font-medium">
            {t('network.experience')}
          </label>
          <select
            id="filter-experience"
            name="experience"
            defaultValue={filter.experience ?? ''}
            className={inputClass}
          >
            <option value="">{t('any')}</option>
            {EXPERIENCE_LEVELS.map((e) => (
              <option key={e} value={e}>
                {experienceLabel(e)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-status" className="block font-medium">
            {t('network.status')}
          </label>
          <select id="filter-status" name="status" defaultValue={filter.status ?? ''} className={inputClass}>
            <option value="">{t('any')}</option>
            {VOLUNTEER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass}>
          {t('applyFilters')}
        </button>
        {filterQuery ? (
          <a href="?" className="font-semibold text-brand underline underline-offset-4">
            {t('clearFilters')}
          </a>
        ) : null}
      </form>
      <p aria-live="polite">
        {t('shown', { count: rows.length })}
        {rows.length >= BACK_OFFICE_ROW_LIMIT ? ` ${t('limitNote', { limit: BACK_OFFICE_ROW_LIMIT })}` : ''}
      </p>
      {rows.length === 0 ? (
        <p>{t('network.none')}</p>
      ) : (
        <ScrollTable
          label={t('network.title')}
          caption={t('network.caption')}
          columns={[
            t('network.colRegistered'),
            t('network.colName'),
            t('network.colContact'),
            t('network.colMembership'),
            t('network.colInterests'),
            t('network.colAvailability'),
            t('network.experience'),
            t('network.colSkills'),
            t('network.colLocation'),
            t('network.status'),
          ]}
        >
          <tbody>
            {rows.map((v) => (
              <tr key={v.id}>
                <td className={tdClass}>{formatWhen(v.createdAt, locale)}</td>
                <th scope="row" className={`${tdClass} font-semibold`}>
                  {v.name}
                </th>
                <td className={tdClass}>
                  <a href={`mailto:${v.email}`} className="text-brand underline underline-offset-4">
                    {v.email}
                  </a>
                  <br />
                  {v.phone}
                </td>
                <td className={tdClass}>
                  {v.membershipType === 'organization'
                    ? t('network.organisation', { name: v.organizationName ?? '' })
                    : t('network.individual')}
                </td>
                <td className={tdClass}>{v.interests.map(interestLabel).join(', ')}</td>
                <td className={tdClass}>{v.availability.map(availabilityLabel).join(', ')}</td>
                <td className={tdClass}>{experienceLabel(v.experienceLevel)}</td>
                <td className={tdClass}>{v.skills.join(', ')}</td>
                <td className={tdClass}>
                  {v.location}, {v.country}
                </td>
                <td className={tdClass}>
                  <form action={setVolunteerStatusAction} className="flex items-center gap-2">
                    <input type="hidden" name="locale" value={locale} />
                    <input type="hidden" name="id" value={v.id} />
                    <input type="hidden" name="return" value={filterQuery} />
                    <label htmlFor={`status-${v.id}`} className="sr-only">
                      {t('network.statusFor', { name: v.name })}
                    </label>
                    <select
                      id={`status-${v.id}`}
                      name="status"
                      defaultValue={v.status}
                      className="rounded-lg border border-border bg-bg px-2 py-1 text-fg"
                    >
                      {VOLUNTEER_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {statusLabel(s)}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className={buttonClass}>
                      {t('save')}
                      <span className="sr-only">: {v.name}</span>
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </AdminPage>
  );
}
