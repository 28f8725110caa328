'use client';

import { useEffect, useState } from 'react';

import type { Locale } from '@/i18n/routing';
import { type CountryOption, countryOptions } from '@/lib/countries';

type Place = { country?: string; city?: string };

/** The server's location guess (app/api/geo): our list's country code and a city, either may be missing. */
async function detectLocation(): Promise<Place> {
  try {
    const res = await fetch('/api/geo', { cache: 'no-store', signal: AbortSignal.timeout(6_000) });
    return res.ok ? ((await res.json()) as Place) : {};
  } catch {
    return {};
  }
}

/**
 * Loads the country names (in `locale`) and the visitor's location guess together, then fills the form's
 * country and city with the guess, never over what the person already chose or typed. Returns the country
 * options and whether the two are still loading (`detecting`, true until both have settled either way).
 */
export function useLocationGuess(
  locale: Locale,
  form: {
    getValues: (name: 'country' | 'city') => unknown;
    setValue: (name: 'country' | 'city', value: string) => void;
  },
) {
  const [countries, setCountries] = useState<CountryOption[]>([]);
  const [detecting, setDetecting] = useState(true);
  const [found, setFound] = useState<Place | null>(null);
  const { getValues, setValue } = form;

  // A country can only be selected once its option exists, hence one wait for both.
  useEffect(() => {
    let live = true;
    void Promise.all([countryOptions(locale).catch(() => []), detectLocation()]).then(([list, place]) => {
      if (!live) return;
      setCountries(list);
      setFound(place);
      setDetecting(false);
    });
    return () => {
      live = false;
    };
  }, [locale]);

  // Runs after the options have rendered.
  useEffect(() => {
    if (!found) return;
    if (found.country && countries.some((c) => c.code === found.country) && !getValues('country'))
      setValue('country', found.country);
    if (found.city && !getValues('city')) setValue('city', found.city);
  }, [found, countries, getValues, setValue]);

  return { countries, detecting };
}
