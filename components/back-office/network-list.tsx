import { getTranslations } from 'next-intl/server';

import { FilterForm } from '@/components/ui/filter-form';
import { Select } from '@/components/ui/select';
import { ScrollTable, Td, Th } from '@/components/ui/table';
import { Link } from '@/i18n/client';
import type { Locale } from '@/i18n/routing';
import {
  EXPERIENCE_LEVELS,
  VOLUNTEER_STATUSES,
  type VolunteerFilterInput,
  filterQuery,
  formatWhen,
  getLabels,
  type networkPage,
  personHref,
} from '@/lib/back-office';
import { setVolunteerStatusAction, setVolunteerStatusesAction } from '@/lib/back-office/actions';

import { ListPager } from './list-pager';
import { StaffForm, StaffSubmit } from './staff-form';

type Network = Awaited<ReturnType<typeof networkPage>>;

/** The id of the bulk form the rows' checkboxes belong to (`form` attribute: the table sits outside it). */
const BULK_FORM = 'network-bulk';

/** The list's address with `filter` and `page` (page 1 left out). */
function networkHref(filter: VolunteerFilterInput, page: number): string {
  const query = filterQuery({ ...filter, page: page > 1 ? page : undefined });
  return `/admin/network${query ? `?${query}` : ''}`;
}

/**
 * The network list's filters (components/ui FilterForm): text in the name, email or organisation, then country,
 * interest, experience and status, each value shown in the admin's language; Clear when any is set.
 */
export async function NetworkFilters({
  locale,
  filter,
  facets,
}: {
  locale: Locale;
  filter: VolunteerFilterInput;
  facets: Network['facets'];
}) {
  const [t, l, label] = await Promise.all([
    getTranslations({ locale, namespace: 'AdminLists' }),
    getTranslations({ locale, namespace: 'BackOffice.lists' }),
    getLabels(locale),
  ]);
  const options = (kind: Parameters<typeof label>[0], values: readonly string[]) =>
    values.map((value) => ({ value, label: label(kind, value) }));
  const active = filterQuery({ ...filter, page: undefined }) !== '';
  return (
    <FilterForm
      id="network-filters"
      layout="toolbar"
      label={l('filtersNetwork')}
      search={{ label: l('searchNetwork'), value: filter.q, maxLength: 200 }}
      selects={[
        {
          name: 'country',
          label: t('network.country'),
          value: filter.country,
          any: t('any'),
          options: options('country', facets.countries),
        },
        {
          name: 'interest',
          label: t('network.interest'),
          value: filter.interest,
          any: t('any'),
          options: options('interest', facets.interests),
        },
        {
          name: 'experience',
          label: t('network.experience'),
          value: filter.experience,
          any: t('any'),
          options: options('experience', EXPERIENCE_LEVELS),
        },
        {
          name: 'status',
          label: t('network.status'),
          value: filter.status,
          any: t('any'),
          options: options('volunteerStatus', VOLUNTEER_STATUSES),
        },
      ]}
      submitLabel={t('applyFilters')}
      clear={active ? { href: '/admin/network', label: t('clearFilters') } : undefined}
    />
  );
}

/**
 * What to do with the rows ticked in the table: set their status (a StaffForm posting to
 * `setVolunteerStatusesAction`) or download them as CSV (the same form sent as GET to the export route, with
 * `selection=1`, so the checkboxes serve both).
 */
export async function NetworkBulk({ locale, filter }: { locale: Locale; filter: VolunteerFilterInput }) {
  const [t, l, label] = await Promise.all([
    getTranslations({ locale, namespace: 'AdminLists' }),
    getTranslations({ locale, namespace: 'BackOffice.lists' }),
    getLabels(locale),
  ]);
  return (
    <StaffForm
      id={BULK_FORM}
      action={setVolunteerStatusesAction}
      locale={locale}
      fields={{ return: filterQuery(filter) }}
      aria-label={l('selectionHeading')}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-border p-4"
    >
      <p className="w-full font-semibold">
        {l('selectionHeading')}
        <span className="block font-normal text-muted">{l('selectionHint')}</span>
      </p>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{l('newStatus')}</span>
        <Select name="to" defaultValue="welcomed" compact>
          {VOLUNTEER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {label('volunteerStatus', s)}
            </option>
          ))}
        </Select>
      </label>
      <StaffSubmit variant="outline">{l('setStatus')}</StaffSubmit>
      <button
        type="submit"
        formAction="/api/admin/network/export"
        formMethod="get"
        name="selection"
        value="1"
        className="btn btn-outline btn-sm rounded-lg"
      >
        {l('exportSelection')}
      </button>
      <span className="sr-only">{t('network.caption')}</span>
    </StaffForm>
  );
}

/**
 * One page of the registrations: a checkbox per row for the bulk form, each name linked to the person's record,
 * values in the admin's language, and each row's own status form (keeping the list's filters and page).
 */
export async function NetworkTable({
  locale,
  filter,
  network,
}: {
  locale: Locale;
  filter: VolunteerFilterInput;
  network: Network;
}) {
  const [t, l, label] = await Promise.all([
    getTranslations({ locale, namespace: 'AdminLists' }),
    getTranslations({ locale, namespace: 'BackOffice.lists' }),
    getLabels(locale),
  ]);
  const pages = Math.max(1, Math.ceil(network.total / network.pageSize));
  const from = network.total === 0 ? 0 : (network.page - 1) * network.pageSize + 1;
  const to = Math.min(network.total, network.page * network.pageSize);
  return (
    <>
      <p aria-live="polite">{l('range', { from, to, total: network.total })}</p>
      {network.rows.length === 0 ? (
        <p>{t('network.none')}</p>
      ) : (
        <ScrollTable
          wide
          label={t('network.title')}
          caption={t('network.caption')}
          columns={[
            <span key="select" className="sr-only">
              {l('colSelect')}
            </span>,
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
          {network.rows.map((v) => (
            <tr key={v.id} data-testid={`member-${v.id}`}>
              <Td>
                <input
                  type="checkbox"
                  name="ids"
                  value={v.id}
                  form={BULK_FORM}
                  aria-label={l('select', { name: v.name })}
                  className="size-5"
                />
              </Td>
              <Td>{formatWhen(v.createdAt, locale)}</Td>
              <Th scope="row">
                <Link href={personHref('member', v.id)} className="text-brand underline underline-offset-4">
                  {v.name}
                </Link>
              </Th>
              <Td>
                <a href={`mailto:${v.email}`} className="text-brand underline underline-offset-4">
                  {v.email}
                </a>
                <br />
                {v.phone}
              </Td>
              <Td>
                {label('membership', v.membershipType)}
                {v.membershipType === 'organization' && v.organizationName ? `: ${v.organizationName}` : ''}
              </Td>
              <Td>{v.interests.map((i) => label('interest', i)).join(', ')}</Td>
              <Td>{v.availability.map((a) => label('availability', a)).join(', ')}</Td>
              <Td>{label('experience', v.experienceLevel)}</Td>
              <Td>{v.skills.join(', ')}</Td>
              <Td>
                {v.location}, {label('country', v.country)}
              </Td>
              <Td>
                <StaffForm
                  action={setVolunteerStatusAction}
                  locale={locale}
                  fields={{
                    id: v.id,
                    return: filterQuery({ ...filter, page: network.page > 1 ? network.page : undefined }),
                  }}
                  className="flex flex-wrap items-center gap-2"
                >
                  <label htmlFor={`status-${v.id}`} className="sr-only">
                    {t('network.statusFor', { name: v.name })}
                  </label>
                  <Select id={`status-${v.id}`} name="status" defaultValue={v.status} compact>
                    {VOLUNTEER_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {label('volunteerStatus', s)}
                      </option>
                    ))}
                  </Select>
                  <StaffSubmit variant="outline">
                    {t('save')}
                    <span className="sr-only">: {v.name}</span>
                  </StaffSubmit>
                </StaffForm>
              </Td>
            </tr>
          ))}
        </ScrollTable>
      )}
      <ListPager
        page={network.page}
        pages={pages}
        href={(page) => networkHref(filter, page)}
        labels={{
          nav: l('pages'),
          previous: l('previous'),
          next: l('next'),
          pageOf: l('pageOf', { page: network.page, pages }),
        }}
      />
    </>
  );
}
