/**
 * Where an event stands at `now` from its session windows (ms since the epoch, as `sessionWindows` in
 * lib/events/model.ts gives them): 'ongoing' only inside a window. `seriesEnd` (the last session's end) keeps a
 * long series 'upcoming' after the listed windows run out. Pure; the browser badge and tests share it.
 */
export function livePhase(
  windows: readonly (readonly [number, number])[],
  seriesEnd: number,
  now: number,
): 'upcoming' | 'ongoing' | 'past' {
  for (const [start, end] of windows) {
    if (end > now) return start <= now ? 'ongoing' : 'upcoming';
  }
  return seriesEnd > now ? 'upcoming' : 'past';
}

/** The next instant after `now` at which `livePhase` can change (a window's start or end), or null. */
export function nextPhaseChange(
  windows: readonly (readonly [number, number])[],
  seriesEnd: number,
  now: number,
): number | null {
  const future = [...windows.flat(), seriesEnd].filter((t) => t > now);
  return future.length ? Math.min(...future) : null;
}
