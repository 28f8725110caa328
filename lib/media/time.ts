/**
 * Playback times for the audio player. Pure.
 */

/**
 * Seconds → `m:ss`, or `h:mm:ss` from one hour. Fractions are dropped (a player shows whole seconds); NaN,
 * Infinity (a live stream's duration) and negative values read as `0:00`.
 */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A volume between 0 and 1 as a whole percentage (0.7 → 70), clamped; NaN → 0. */
export function volumePercent(volume: number): number {
  return Number.isFinite(volume) ? Math.round(Math.min(1, Math.max(0, volume)) * 100) : 0;
}
