import { getTranslations } from 'next-intl/server';

import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { ScrollTable, Td, Th } from '@/components/ui/table';
import type { Locale } from '@/i18n/routing';
import {
  EXPERIENCE_LEVELS,
  VOLUNTEER_STATUSES,
  type VolunteerFilterInput,
  filterQuery,
  formatWhen,
  type networkPage,
} from '@/lib/back-office';
import { setVolunteerStatusAction } from '@/lib/back-office/actions';
import { AVAILABILITY_OPTIONS, INTEREST_OPTIONS } from '@/lib/volunteers/shared';

import { StaffForm, StaffSubmit } from './staff-form';

type Network = Awaited<ReturnType<typeof networkPage>>;

/** The list's labels: statuses and experience (AdminLists), stored interests/availability (the form's own). */
async function labels(locale: Locale) {
  const t = await getTranslations({ locale, namespace: 'AdminLists' });
  const form = await getTranslations({ locale, namespace: 'Registration' });
  const pascal = (value: string) => value.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
  // Free text ('other: …') is shown as given.
  const option = (prefix: 'interest' | 'availability', options: readonly string[]) => (value: string) =>
    options.includes(value) ? form(`${prefix}${pascal(value)}` as never) : value;
  return {
    t,
    status: (s: string) => t(`network.status_${s}` as 'network.status_new'),
    experience: (s: string) => t(`network.experience_${s}` as 'network.experience_beginner'),
    interest: option('interest', INTEREST_OPTIONS),
    availability: option('availability', AVAILABILITY_OPTIONS),
  };
}

/** The network list's filters (country, interest, experience, status) as a GET form. */
export async function NetworkFilters({
  locale,
  filter,
  facets,
}: {
  locale: Locale;
  filter: VolunteerFilterInput;
  facets: Network['facets'];
}) {
  const l = await labels(locale);
  const select = (
    name: keyof VolunteerFilterInput,
    label: string,
    values: readonly string[],
    text: (v: string) => string,
  ) => (
    <label className="flex min-w-0 flex-col gap-1">
      <span className="font-medium">{label}</span>
      <Select name={name} defaultValue={filter[name] ?? ''} compact>
        <option value="">{l.t('any')}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {text(v)}
          </option>
        ))}
      </Select>
    </label>
  );
  return (
    <form method="get" className="flex flex-wrap items-end gap-4 rounded-xl border border-border p-4">
      {select('country', l.t('network.country'), facets.countries, (c) => c)}
      {select('interest', l.t('network.interest'), facets.interests, l.interest)}
      {select('experience', l.t('network.experience'), EXPERIENCE_LEVELS, l.experience)}
      {select('status', l.t('network.status'), VOLUNTEER_STATUSES, l.status)}
      <Button type="submit" variant="outline" size="sm" shape="rounded">
        {l.t('applyFilters')}
      </Button>
      {filterQuery(filter) ? (
        <a href="?" className="font-semibold text-brand underline underline-offset-4">
          {l.t('clearFilters')}
        </a>
      ) : null}
    </form>
  );
}

/** The registrations, each with a status form that keeps the list's filters. */
export async function NetworkTable({
  locale,
  filter,
  network,
}: {
  locale: Locale;
  filter: VolunteerFilterInput;
  network: Network;
}) {
  const l = await labels(locale);
  const { t } = l;
  return (
    <>
      <p aria-live="polite">
        {t('shown', { count: network.rows.length })}
        {network.capped ? ` ${t('limitNote', { limit: network.limit })}` : ''}
      </p>
      {network.rows.length === 0 ? (
        <p>{t('network.none')}</p>
      ) : (
        <ScrollTable
          wide
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
          {network.rows.map((v) => (
            <tr key={v.id}>
              <Td>{formatWhen(v.createdAt, locale)}</Td>
              <Th scope="row">{v.name}</Th>
              <Td>
                <a href={`mailto:${v.email}`} className="text-brand underline underline-offset-4">
                  {v.email}
                </a>
                <br />
                {v.phone}
              </Td>
              <Td>
                {v.membershipType === 'organization'
                  ? t('network.organisation', { name: v.organizationName ?? '' })
                  : t('network.individual')}
              </Td>
              <Td>{v.interests.map(l.interest).join(', ')}</Td>
              <Td>{v.availability.map(l.availability).join(', ')}</Td>
              <Td>{l.experience(v.experienceLevel)}</Td>
              <Td>{v.skills.join(', ')}</Td>
              <Td>
                {v.location}, {v.country}
              </Td>
              <Td>
                <StaffForm
                  action={setVolunteerStatusAction}
                  locale={locale}
                  fields={{ id: v.id, return: filterQuery(filter) }}
                  className="flex flex-wrap items-center gap-2"
                >
                  <label htmlFor={`status-${v.id}`} className="sr-only">
                    {t('network.statusFor', { name: v.name })}
                  </label>
                  <Select id={`status-${v.id}`} name="status" defaultValue={v.status} compact>
                    {VOLUNTEER_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {l.status(s)}
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
    </>
  );
}
