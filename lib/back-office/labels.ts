import countries from 'i18n-iso-countries';
import englishCountries from 'i18n-iso-countries/langs/en.json';

import { type Messages, loadMessages } from '@/i18n/messages';
import { type Locale, toLocale } from '@/i18n/routing';

/**
 * Data labels of the back office: the values stored in the tables (statuses, outbox kinds, interests, countries, …)
 * as a person reads them, in the admin's language (en, es, fr, pt).
 *
 * API:
 * - `await getLabels(locale)` → `label(kind, value)`: a synchronous labeller for one locale (messages
 *   `BackOffice.labels.<kind>.<value>` of messages/{locale}.json, English where a translation is missing).
 * - `createLabeler(locale, messages)`: the same from messages already loaded (pure; for tests and callers that hold
 *   the messages).
 * - `label(kind, value)` returns the translated label; for an unknown value the value itself (so a new status shows
 *   as its code rather than vanishing), and '' for null/undefined/''.
 * - Kinds (`LabelKind`): enquiryStatus, forwardStatus, volunteerStatus, subscriberStatus, syncStatus, outboxStatus,
 *   outboxKind (`volunteer.followup` → 'New member added to the mailing list'), interest (also `other: …`, the free-text
 *   interest, as 'Other: …'), availability, experience, membership, source (a subscriber's source), form (the form a
 *   subscriber signed up on: home, community), noteKind, role, locale (a language code → its name in `locale`, by
 *   `Intl.DisplayNames`), country (a stored English name or ISO code → the country's name in `locale`, by
 *   `Intl.DisplayNames`; an unknown name is returned as stored).
 * - `labelList(label, kind, values)` joins several (interests, availability) with ', '.
 * Server and tests only (it bundles the English country list); client components get labelled strings as props.
 */

export const LABEL_KINDS = [
  'enquiryStatus',
  'forwardStatus',
  'volunteerStatus',
  'subscriberStatus',
  'syncStatus',
  'outboxStatus',
  'outboxKind',
  'interest',
  'availability',
  'experience',
  'membership',
  'source',
  'form',
  'noteKind',
  'role',
  'locale',
  'country',
] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** A labeller bound to one locale: the label of `value` (a stored code) of `kind`. */
export type Labeler = (kind: LabelKind, value: string | null | undefined) => string;

countries.registerLocale(englishCountries);

/** ISO 3166-1 alpha-2 code of a stored country: a code (alpha-2/3, any case) or an English name in any form. */
export function countryCodeOf(value: string): string | undefined {
  const text = value.trim();
  if (/^[A-Za-z]{2}$/.test(text))
    return countries.isValid(text.toUpperCase()) ? text.toUpperCase() : undefined;
  if (/^[A-Za-z]{3}$/.test(text)) return countries.alpha3ToAlpha2(text.toUpperCase()) || undefined;
  return countries.getAlpha2Code(text, 'en') ?? countries.getSimpleAlpha2Code(text, 'en') ?? undefined;
}

function display(locale: Locale, type: 'region' | 'language'): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type, fallback: 'none' });
  } catch {
    return null;
  }
}

/** The message at `path` (dot-separated) under `node`, if it is a string. */
function lookup(node: Messages | string | undefined, path: string[]): string | undefined {
  let current: Messages | string | undefined = node;
  for (const part of path) {
    if (!current || typeof current === 'string') return undefined;
    current = current[part];
  }
  return typeof current === 'string' ? current : undefined;
}

/**
 * A labeller for `locale` from its loaded messages (the whole catalogue, or one holding `BackOffice.labels`). Pure.
 * @returns `label(kind, value)`, see the module's docstring.
 */
export function createLabeler(locale: string, messages: Messages): Labeler {
  const known = toLocale(locale);
  const root = (messages.BackOffice as Messages | undefined)?.labels as Messages | undefined;
  const regions = display(known, 'region');
  const languages = display(known, 'language');
  return (kind, value) => {
    if (value === null || value === undefined || value === '') return '';
    if (kind === 'country') {
      const code = countryCodeOf(value);
      const name = code ? regions?.of(code) : undefined;
      return name && name !== code ? name : value;
    }
    if (kind === 'locale') {
      const name = languages?.of(value);
      return name && name !== value ? name.charAt(0).toLocaleUpperCase(known) + name.slice(1) : value;
    }
    const group = root?.[kind];
    if (kind === 'interest' && value.startsWith('other:')) {
      const pattern = lookup(root, ['otherInterest']) ?? 'Other: {detail}';
      return pattern.replace('{detail}', value.slice('other:'.length).trim());
    }
    return lookup(group, value.split('.')) ?? value;
  };
}

/** The labeller for `locale` (an unknown locale falls back to English), with English for any missing message. */
export async function getLabels(locale: string | undefined): Promise<Labeler> {
  const known = toLocale(locale);
  return createLabeler(known, await loadMessages(known));
}

/** Several values of one kind, labelled and joined with ', ' (interests, availability). */
export function labelList(
  label: Labeler,
  kind: LabelKind,
  values: readonly string[] | null | undefined,
): string {
  return (values ?? []).map((v) => label(kind, v)).join(', ');
}
