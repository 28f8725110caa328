import { getTranslations } from 'next-intl/server';

import { ButtonLink } from '@/components/ui/button-link';
import { FILTER_FIELD, FilterForm } from '@/components/ui/filter-form';
import { ScrollTable, Td } from '@/components/ui/table';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { type AuditRow, filterQuery, formatWhen, isUuid, personHref } from '@/lib/back-office';
import type { AuditFilter } from '@/lib/back-office';
import { getLabels } from '@/lib/back-office/labels';

const linkClass = 'text-brand underline underline-offset-4';

/** The audit address for `query` at `page` (only the filters in use). */
function auditHref(query: AuditFilter, page: number): string {
  const search = filterQuery({ ...query, page: page > 1 ? page : undefined });
  return `/admin/audit${search ? `?${search}` : ''}`;
}

/** The translated label of an action kind ('role.set' → messages `BackOffice.audit.actions.role_set`), else the code. */
async function actionLabeler(locale: Locale) {
  const t = await getTranslations({ locale, namespace: 'BackOffice.audit' });
  return (action: string) => {
    const key = `actions.${action.replaceAll('.', '_')}`;
    return t.has(key as never) ? t(key as never) : action;
  };
}

/**
 * The audit trail's filters as a GET form (FilterForm, toolbar layout): who (part of an email), what (an action
 * kind, or every kind of an area when it has several), to whom or what (part of the target), and a range of days.
 */
export async function AuditFilters({
  locale,
  query,
  actions,
}: {
  locale: Locale;
  query: AuditFilter;
  actions: readonly string[];
}) {
  const [t, label] = await Promise.all([
    getTranslations({ locale, namespace: 'BackOffice.audit' }),
    actionLabeler(locale),
  ]);
  const areas = [...new Set(actions.map((a) => a.split('.')[0]!))].filter(
    (area) =>
      actions.filter((a) => a.startsWith(`${area}.`)).length > 1 && t.has(`families.${area}` as never),
  );
  const options = [
    ...areas.map((area) => ({
      value: `${area}.`,
      label: t('family', { family: t(`families.${area}` as never) }),
    })),
    ...actions.map((a) => ({ value: a, label: label(a) })),
  ];
  if (query.action && !options.some((o) => o.value === query.action))
    options.push({ value: query.action, label: label(query.action) });
  const filtered = Boolean(query.actor || query.action || query.target || query.from || query.until);
  return (
    <FilterForm
      id="audit-filters"
      label={t('filters')}
      layout="toolbar"
      search={{ name: 'actor', label: t('actor'), value: query.actor, maxLength: 200 }}
      selects={[{ name: 'action', label: t('action'), value: query.action, options, any: t('anyAction') }]}
      submitLabel={t('apply')}
      clear={filtered ? { href: '/admin/audit', label: t('clear') } : undefined}
    >
      <label className="block text-sm font-medium">
        {t('target')}
        <input
          type="search"
          name="target"
          defaultValue={query.target ?? ''}
          maxLength={200}
          className={FILTER_FIELD}
        />
      </label>
      <label className="block text-sm font-medium">
        {t('from')}
        <input type="date" name="from" defaultValue={query.from ?? ''} className={FILTER_FIELD} />
      </label>
      <label className="block text-sm font-medium">
        {t('until')}
        <input type="date" name="until" defaultValue={query.until ?? ''} className={FILTER_FIELD} />
      </label>
    </FilterForm>
  );
}

/**
 * The trail's entries, newest first: when (UK time, in the page's language), who (linked to their person page), what
 * (the action's label), to whom or what (linked to the person page or the record where there is one) and the
 * change a role or status entry records; a count spoken as a status, and Newer/Older pages.
 */
export async function AuditTable({
  locale,
  query,
  rows,
  total,
  pages,
}: {
  locale: Locale;
  query: AuditFilter;
  rows: AuditRow[];
  total: number;
  pages: number;
}) {
  const [t, action, labels] = await Promise.all([
    getTranslations({ locale, namespace: 'BackOffice.audit' }),
    actionLabeler(locale),
    getLabels(locale),
  ]);
  const filtered = Boolean(query.actor || query.action || query.target || query.from || query.until);
  const role = (r: string | null) => (r ? labels('role', r) : t('noRole'));
  const change = (row: AuditRow) => {
    if (row.roleChange)
      return t('roleChange', { before: role(row.roleChange.before), after: role(row.roleChange.after) });
    if (!row.statusChange) return '—';
    const kind = row.action.startsWith('network.') ? 'volunteerStatus' : 'enquiryStatus';
    const after = labels(kind, row.statusChange.after);
    return row.statusChange.before
      ? t('roleChange', { before: labels(kind, row.statusChange.before), after })
      : after;
  };
  return (
    <>
      <p role="status" className="text-sm text-muted">
        {t('count', { count: total })}
      </p>
      {rows.length === 0 ? (
        <p>{filtered ? t('noResults') : t('empty')}</p>
      ) : (
        <ScrollTable caption={t('title')} columns={[t('when'), t('who'), t('what'), t('whom'), t('change')]}>
          {rows.map((row) => (
            <tr key={row.id}>
              <Td className="whitespace-nowrap">
                <time dateTime={row.createdAt.toISOString()}>{formatWhen(row.createdAt, locale)}</time>
              </Td>
              <Td>
                {row.actorEmail === 'cli' && !row.actorId ? (
                  t('cli')
                ) : isUuid(row.actorId) ? (
                  <Link href={personHref('user', row.actorId)} prefetch={false} className={linkClass}>
                    {row.actorEmail}
                  </Link>
                ) : (
                  row.actorEmail
                )}
              </Td>
              <Td>{action(row.action)}</Td>
              <Td>
                {row.target && row.href ? (
                  <Link href={row.href} prefetch={false} className={linkClass}>
                    {row.target}
                  </Link>
                ) : (
                  (row.target ?? '—')
                )}
              </Td>
              <Td>{change(row)}</Td>
            </tr>
          ))}
        </ScrollTable>
      )}
      {pages > 1 ? (
        <nav aria-label={t('pagination')} className="flex items-center justify-between gap-4">
          {(query.page ?? 1) > 1 ? (
            <ButtonLink
              href={auditHref(query, (query.page ?? 1) - 1)}
              prefetch={false}
              variant="outline"
              size="sm"
              shape="rounded"
            >
              {t('newer')}
            </ButtonLink>
          ) : (
            <span />
          )}
          <span>{t('page', { page: query.page ?? 1, pages })}</span>
          {(query.page ?? 1) < pages ? (
            <ButtonLink
              href={auditHref(query, (query.page ?? 1) + 1)}
              prefetch={false}
              variant="outline"
              size="sm"
              shape="rounded"
            >
              {t('older')}
            </ButtonLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
