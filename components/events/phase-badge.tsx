'use client';

import { useEffect, useState } from 'react';

import { livePhase, nextPhaseChange } from '@/lib/events/live-phase';

const STYLES = {
  ongoing: 'bg-accent text-accent-fg',
  upcoming: 'border border-brand text-brand',
  past: 'bg-surface-strong text-muted',
} as const;

type Phase = keyof typeof STYLES;

/**
 * The 'Upcoming' / 'Happening now' / 'Past' badge, kept true in the browser: the page is cached for up to an hour,
 * so the server's phase can be stale. The first render shows the server's phase (no hydration mismatch); then
 * the visitor's clock decides from the session windows, and a timer moves the badge at the next start or end.
 */
export function PhaseBadge({
  initial,
  windows,
  seriesEnd,
  labels,
  className,
}: {
  initial: Phase;
  windows: [number, number][];
  seriesEnd: number;
  labels: Record<Phase, string>;
  className: string;
}) {
  const [phase, setPhase] = useState<Phase>(initial);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const now = Date.now();
      setPhase(livePhase(windows, seriesEnd, now));
      const next = nextPhaseChange(windows, seriesEnd, now);
      // Timers longer than ~24 days overflow; an hour's wait is re-checked anyway.
      if (next !== null) timer = setTimeout(update, Math.min(next - now + 50, 3_600_000));
    };
    update();
    return () => clearTimeout(timer);
  }, [windows, seriesEnd]);
  return (
    <li className={`${className} ${STYLES[phase]}`} data-badge="phase" data-phase={phase}>
      {labels[phase]}
    </li>
  );
}
