import { clampPercent } from '@/lib/courses/shared';

/**
 * A progress bar (role=progressbar, aria-valuenow 0–100) with its visible percentage text. `label` names the bar
 * for assistive technology; `text` is the visible '40% complete'. Server component, no JavaScript.
 */
export function ProgressBar({ value, label, text }: { value: number; label: string; text: string }) {
  const percent = clampPercent(value);
  return (
    <div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={text}
        className="h-3 w-full overflow-hidden rounded-full bg-surface-strong"
      >
        <div
          className="h-full rounded-full bg-brand motion-safe:transition-[width] motion-safe:duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-1 text-sm text-muted">{text}</p>
    </div>
  );
}
