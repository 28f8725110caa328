'use client';

import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/**
 * The current year. The footer is static (rendered at build time), so the server's year is refreshed in the
 * browser: a page built in December still says the right year in January.
 */
export function CurrentYear({ buildYear }: { buildYear: number }) {
  const year = useSyncExternalStore(
    noop,
    () => new Date().getFullYear(),
    () => buildYear,
  );
  return <>{year}</>;
}
