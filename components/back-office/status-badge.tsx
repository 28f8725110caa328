import type { EnquiryStatus } from '@/lib/back-office/shared';

const TONE: Record<EnquiryStatus, string> = {
  new: 'bg-accent text-accent-fg',
  in_progress: 'bg-surface-strong text-fg',
  answered: 'border border-success text-success',
  closed: 'border border-border text-muted',
};

/** An enquiry's status as a small labelled badge (text, not colour alone, carries the meaning). */
export function StatusBadge({ status, label }: { status: EnquiryStatus; label: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[status]}`}
    >
      {label}
    </span>
  );
}
