import 'server-only';

import type { Locale } from '@/i18n/routing';
import { getReports } from '@/lib/cms';
import { formatNumber } from '@/lib/utils/format';

/** One figure of a statistics block: its number, whether it is shown with a '+', and its message key. */
export interface Stat<Label extends string = string> {
  value: number;
  plus: boolean;
  label: Label;
}

/**
 * Home "Our Impact" figures other than the report count (messages `HomePage.*`). Each figure is its own fact:
 * none repeats a volunteer figure below, so no number appears twice under different labels.
 */
export const IMPACT_FIGURES = [
  { value: 1200, plus: true, label: 'statMembers' },
  { value: 38, plus: false, label: 'statPartners' },
  { value: 160, plus: true, label: 'statWorkshops' },
] as const satisfies readonly Stat[];

/**
 * The volunteer figures, one set for the whole site: the home "Our volunteers" block (messages
 * `HomePage.volunteers{Key}`) and the Community page's band (`Community.stats{Key}`) show these same facts.
 */
export const VOLUNTEER_STATS = [
  { value: 140, plus: true, label: 'Active' },
  { value: 6800, plus: true, label: 'Hours' },
  { value: 24, plus: false, label: 'Projects' },
  { value: 17, plus: false, label: 'Languages' },
] as const satisfies readonly Stat[];

/** The message keys of the home "Our Impact" figures. */
export type ImpactLabel = 'statReports' | (typeof IMPACT_FIGURES)[number]['label'];

/** The figure in the locale's digits and grouping ('6,800+' in English, '6 800+' in French). */
export function formatStat(locale: Locale, value: number, plus: boolean): string {
  return `${formatNumber(value, locale)}${plus ? '+' : ''}`;
}

/**
 * The home "Our Impact" block: 'Reports published' is the number of reports in the content (getReports, from
 * WordPress or the snapshot), never a constant, followed by IMPACT_FIGURES. When the reports cannot be read the
 * reports figure is left out rather than guessed.
 */
export async function impactStats(): Promise<Stat<ImpactLabel>[]> {
  const reports = await getReports().catch(() => null);
  const count: Stat<ImpactLabel>[] = reports
    ? [{ value: reports.length, plus: false, label: 'statReports' }]
    : [];
  return [...count, ...IMPACT_FIGURES];
}
