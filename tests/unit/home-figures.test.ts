import { describe, expect, it } from 'vitest';

import { assertAllowedRoute } from '@/lib/cms/client';
import { FIGURE_KEYS, parseWordPressFigures } from '@/lib/cms/figures';
import { TAGS, tagsForChange } from '@/lib/cms/tags';
import { DEFAULT_FIGURES, formatStat, impactStatsOf, mergeFigures, volunteerStatsOf } from '@/lib/home/stats';

/** Issue 33 item 1: the spec's figures as defaults of figures an editor sets in WordPress (lrjn/v1/figures). */
describe('the home figures', () => {
  it('default to the spec’s: Our Impact 10+ / 2,500+ / 35 / 10,000+, volunteers 2,500+ / 10,000+ / 35 / 2,000+', () => {
    const figures = mergeFigures(null);
    expect(impactStatsOf(figures).map((s) => [s.label, formatStat('en', s.value, s.plus)])).toEqual([
      ['statReports', '10+'],
      ['statMembers', '2,500+'],
      ['statPartners', '35'],
      ['statVolunteerHours', '10,000+'],
    ]);
    expect(volunteerStatsOf(figures).map((s) => [s.label, formatStat('en', s.value, s.plus)])).toEqual([
      ['Active', '2,500+'],
      ['Hours', '10,000+'],
      ['Projects', '35'],
      ['Lives', '2,000+'],
    ]);
    expect(Object.keys(DEFAULT_FIGURES).sort()).toEqual([...FIGURE_KEYS].sort());
  });

  it('are written in each locale’s digits and grouping', () => {
    expect(formatStat('en', 10000, true)).toBe('10,000+');
    expect(formatStat('es', 10000, true)).toBe('10.000+');
    expect(formatStat('fr', 10000, true)).toMatch(/^10\s000\+$/u);
    expect(formatStat('pt', 2500, false)).toBe('2.500');
  });

  it('take what an editor set and keep the default of every figure left empty', () => {
    const edited = parseWordPressFigures({
      reports: { value: 12, plus: false },
      livesImpacted: { value: 2400, plus: true },
      networkPartners: null,
    });
    expect(edited).toEqual({
      reports: { value: 12, plus: false },
      livesImpacted: { value: 2400, plus: true },
    });
    const figures = mergeFigures(edited);
    expect(impactStatsOf(figures)[0]).toEqual({ value: 12, plus: false, label: 'statReports' });
    expect(impactStatsOf(figures)[2]).toEqual({ value: 35, plus: false, label: 'statPartners' });
    expect(volunteerStatsOf(figures)[3]).toEqual({ value: 2400, plus: true, label: 'Lives' });
  });

  it('drop a figure that is not a whole number from 0 to 999,999,999, and are null for a foreign answer', () => {
    expect(
      parseWordPressFigures({
        reports: { value: -1, plus: true },
        membersSupported: { value: 2.5, plus: true },
        networkPartners: { value: '35', plus: false },
        volunteerHours: { value: 1e12, plus: true },
        activeVolunteers: { value: 3000, plus: 'yes' },
      }),
    ).toEqual({ activeVolunteers: { value: 3000, plus: false } });
    expect(parseWordPressFigures({ reports: null })).toBeNull();
    expect(parseWordPressFigures([])).toBeNull();
    expect(parseWordPressFigures('<html>')).toBeNull();
    expect(parseWordPressFigures(null)).toBeNull();
  });

  it('are read from the companion’s route and refreshed by its settings webhook', () => {
    expect(() => assertAllowedRoute('/lrjn/v1/figures')).not.toThrow();
    expect(tagsForChange({ kind: 'settings', name: 'figures' })).toEqual([TAGS.homeFigures]);
    expect(tagsForChange({ kind: 'settings', name: 'hero' })).toEqual([TAGS.homeHero]);
  });
});
