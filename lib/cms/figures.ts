import { z } from 'zod';

/**
 * The home page's figures an editor sets in WordPress (Pages → Home page figures,
 * wordpress/lrjn-companion/includes/figures.php), read from `GET /wp-json/lrjn/v1/figures`. Pure: parses and
 * checks the answer; the read itself is `getWordPressFigures` in index.ts, and the spec's figures, which apply to
 * every figure an editor left empty, are in lib/home/stats.ts.
 */

/** The eight figures: four "Our Impact" cards and four volunteer statistics (spec §2 Home, §9). */
export const FIGURE_KEYS = [
  'reports',
  'membersSupported',
  'networkPartners',
  'volunteerHours',
  'activeVolunteers',
  'hoursContributed',
  'projectsCompleted',
  'livesImpacted',
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

/** One figure: a whole number and whether it is shown with a '+' ('2,500+'). */
export type Figure = { value: number; plus: boolean };

/** The figures an editor set; a figure left empty is absent. */
export type WordPressFigures = Partial<Record<FigureKey, Figure>>;

/** Larger than any figure a charity of this size will show; guards the page against a typo of extra digits. */
const MAX_FIGURE = 999_999_999;

const figure = z
  .object({ value: z.number().int().min(0).max(MAX_FIGURE), plus: z.boolean().catch(false) })
  .nullable()
  .optional()
  .catch(undefined);

const answer = z.object(
  Object.fromEntries(FIGURE_KEYS.map((key) => [key, figure])) as Record<FigureKey, typeof figure>,
);

/**
 * The plugin's answer → the figures an editor filled in (whole numbers from 0 to 999,999,999; anything else is
 * dropped, so that figure keeps its default). Null when the answer is not the plugin's or every figure is empty.
 */
export function parseWordPressFigures(raw: unknown): WordPressFigures | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const parsed = answer.safeParse(raw);
  if (!parsed.success) return null;
  const figures: WordPressFigures = {};
  for (const key of FIGURE_KEYS) {
    const value = parsed.data[key];
    if (value) figures[key] = { value: value.value, plus: value.plus };
  }
  return Object.keys(figures).length > 0 ? figures : null;
}
