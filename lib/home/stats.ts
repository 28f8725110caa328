import 'server-only';

import type { Locale } from '@/i18n/routing';
import { type Figure, type FigureKey, getWordPressFigures, type WordPressFigures } from '@/lib/cms';
import { formatNumber } from '@/lib/utils/format';

/** One figure of a statistics block: its number, whether it is shown with a '+', and its message key. */
export interface Stat<Label extends string = string> {
  value: number;
  plus: boolean;
  label: Label;
}

/**
 * The spec's figures (§2 Home "Our Impact" and "Volunteer statistics", §9), the defaults of the editable figures:
 * an editor changes any of them in WordPress (Pages → Home page figures, lib/cms/figures.ts); a figure left empty
 * there, a site without WordPress (the bundled content) or a WordPress that cannot be read shows these.
 */
export const DEFAULT_FIGURES: Readonly<Record<FigureKey, Figure>> = {
  reports: { value: 10, plus: true },
  membersSupported: { value: 2500, plus: true },
  networkPartners: { value: 35, plus: false },
  volunteerHours: { value: 10000, plus: true },
  activeVolunteers: { value: 2500, plus: true },
  hoursContributed: { value: 10000, plus: true },
  projectsCompleted: { value: 35, plus: false },
  livesImpacted: { value: 2000, plus: true },
};

/** "Our Impact": figure → message key (`HomePage.*`), in the spec's order. */
const IMPACT = [
  ['reports', 'statReports'],
  ['membersSupported', 'statMembers'],
  ['networkPartners', 'statPartners'],
  ['volunteerHours', 'statVolunteerHours'],
] as const satisfies readonly (readonly [FigureKey, string])[];

/**
 * The volunteer statistics, one set for the whole site: figure → message key suffix (`HomePage.volunteers{Key}` on
 * the home page, `Community.stats{Key}` on /community), in the spec's order.
 */
const VOLUNTEERS = [
  ['activeVolunteers', 'Active'],
  ['hoursContributed', 'Hours'],
  ['projectsCompleted', 'Projects'],
  ['livesImpacted', 'Lives'],
] as const satisfies readonly (readonly [FigureKey, string])[];

export type ImpactLabel = (typeof IMPACT)[number][1];
export type VolunteerLabel = (typeof VOLUNTEERS)[number][1];

/** The figure in the locale's digits and grouping ('2,500+' in English, '2 500+' in French). */
export function formatStat(locale: Locale, value: number, plus: boolean): string {
  return `${formatNumber(value, locale)}${plus ? '+' : ''}`;
}

/** Every figure: the editor's where set, else the spec's (pure). */
export function mergeFigures(edited: WordPressFigures | null): Record<FigureKey, Figure> {
  return { ...DEFAULT_FIGURES, ...(edited ?? {}) };
}

/** The home "Our Impact" cards from a set of figures (pure). */
export function impactStatsOf(figures: Record<FigureKey, Figure>): Stat<ImpactLabel>[] {
  return IMPACT.map(([key, label]) => ({ ...figures[key], label }));
}

/** The volunteer statistics from a set of figures (pure). */
export function volunteerStatsOf(figures: Record<FigureKey, Figure>): Stat<VolunteerLabel>[] {
  return VOLUNTEERS.map(([key, label]) => ({ ...figures[key], label }));
}

/** The site's figures now: WordPress's where an editor set them (getWordPressFigures, never throws), else the spec's. */
export async function siteFigures(): Promise<Record<FigureKey, Figure>> {
  return mergeFigures(await getWordPressFigures());
}

/** The home "Our Impact" cards (reports, community members supported, network partners, volunteer hours). */
export async function impactStats(): Promise<Stat<ImpactLabel>[]> {
  return impactStatsOf(await siteFigures());
}

/** The volunteer statistics of the home page and /community (active volunteers, hours, projects, lives impacted). */
export async function volunteerStats(): Promise<Stat<VolunteerLabel>[]> {
  return volunteerStatsOf(await siteFigures());
}
