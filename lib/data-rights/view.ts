import 'server-only';

import { type LabelKind, type Labeler, getLabels } from '@/lib/back-office/labels';
import { loadMessages } from '@/i18n/messages';
import { toLocale } from '@/i18n/routing';
import { formatDateTime } from '@/lib/utils/format';

import type { PersonalDataExport } from './index';

/**
 * The admin's look-up as a person reads it (D14 of the back-office review): each kind of row under its translated
 * heading, each field under a translated label (`DataRightsFields.*`), stored codes as their labels
 * (lib/back-office/labels.ts: statuses, kinds, interests, countries, languages), times in the site's format in the
 * admin's language and UK time (lib/utils/format.ts), lists joined, an outbox item's payload as its fields. Pure given the messages; the JSON download keeps
 * the raw document.
 */

/** One field of a row: its label and its value as text ('—' when empty). */
export interface ViewField {
  key: string;
  label: string;
  value: string;
}

/** One kind of row (enquiries, registrations, …) with its heading and rows. */
export interface ViewSection {
  kind: string;
  title: string;
  rows: ViewField[][];
}

/** The kinds of rows, in the page's order, with the label kind of their `status` and `kind` fields. */
const SECTIONS = [
  ['supabaseAccount', 'kindSupabaseAccount', {}],
  ['enquiries', 'kindEnquiries', { status: 'enquiryStatus', forwardStatus: 'forwardStatus' }],
  ['enquiryNotes', 'kindEnquiryNotes', { kind: 'noteKind' }],
  ['registrations', 'kindRegistrations', { status: 'volunteerStatus' }],
  ['newsletter', 'kindNewsletter', { status: 'subscriberStatus', syncStatus: 'syncStatus' }],
  ['accounts', 'kindAccounts', {}],
  ['sessions', 'kindSessions', {}],
  ['roles', 'kindRoles', {}],
  ['enrolments', 'kindEnrolments', {}],
  ['progress', 'kindProgress', {}],
  ['certificates', 'kindCertificates', {}],
  ['outbox', 'kindOutbox', { status: 'outboxStatus', kind: 'outboxKind' }],
] as const satisfies readonly (readonly [string, string, Partial<Record<string, LabelKind>>])[];

/** Fields whose value is a stored code of the same label kind in every section. */
const CODE_FIELDS: Partial<Record<string, LabelKind>> = {
  membershipType: 'membership',
  experienceLevel: 'experience',
  country: 'country',
  locale: 'locale',
  source: 'source',
  form: 'form',
  roleName: 'role',
  interests: 'interest',
  availability: 'availability',
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

type Messages = Record<string, unknown>;

/** Builds the sections of `data` for `locale` (one per kind that holds rows). */
export function personalDataView(
  data: PersonalDataExport,
  locale: string,
  messages: Messages,
  label: Labeler,
): ViewSection[] {
  const texts = (messages.DataRights ?? {}) as Record<string, unknown>;
  const fieldLabels = (messages.DataRightsFields ?? {}) as Record<string, string>;
  const none = fieldLabels._empty ?? '—';
  const time = { format: (date: Date) => formatDateTime(date, locale) };
  const yesNo = (v: boolean) => (v ? (fieldLabels._yes ?? 'yes') : (fieldLabels._no ?? 'no'));
  const fieldLabel = (key: string) => fieldLabels[key] ?? humanise(key);

  const show = (key: string, value: unknown, codes: Partial<Record<string, LabelKind>>): string => {
    if (value === null || value === undefined || value === '') return none;
    const code = codes[key] ?? CODE_FIELDS[key];
    if (Array.isArray(value)) {
      if (!value.length) return none;
      return value.map((v) => (code ? label(code, String(v)) : show(key, v, {}))).join(', ');
    }
    if (value instanceof Date) return time.format(value);
    if (typeof value === 'boolean') return yesNo(value);
    if (typeof value === 'string' && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)))
      return time.format(new Date(value));
    if (typeof value === 'object')
      return Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${fieldLabel(k)}: ${show(k, v, {})}`)
        .join('; ');
    return code ? label(code, String(value)) : String(value);
  };

  const sections: ViewSection[] = [];
  for (const [kind, titleKey, codes] of SECTIONS) {
    const raw = data[kind as keyof PersonalDataExport];
    const rows = (Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? [raw] : []) as Record<
      string,
      unknown
    >[];
    if (!rows.length) continue;
    const title = String(texts[titleKey] ?? kind);
    sections.push({
      kind,
      title: `${title} (${rows.length})`,
      rows: rows.map((row) =>
        Object.entries(row).map(([key, value]) => ({
          key,
          label: fieldLabel(key),
          value: show(key, value, codes as Partial<Record<string, LabelKind>>),
        })),
      ),
    });
  }
  return sections;
}

/** A column name as words, for a field the messages do not name yet ('forwardLastError' → 'Forward last error'). */
function humanise(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `personalDataView` with the messages and labels of `locale` loaded. */
export async function loadPersonalDataView(data: PersonalDataExport, locale: string): Promise<ViewSection[]> {
  const known = toLocale(locale);
  const [messages, label] = await Promise.all([loadMessages(known), getLabels(known)]);
  return personalDataView(data, known, messages as unknown as Messages, label);
}
