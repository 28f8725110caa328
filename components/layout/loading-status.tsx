/**
 * The spec's 'Loading content...' (docs/SPEC-NOTES.md §2) while a per-request page renders: a polite live status
 * region, so screen readers hear it, with a spinner that stays still when motion is reduced. `label` is the
 * translated text (`Loading.content`); loading.tsx files render it.
 */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-status"
      className="mx-auto flex max-w-7xl items-center justify-center gap-3 px-4 py-24 text-muted sm:px-6"
    >
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-border border-t-brand motion-reduce:animate-none"
      />
      <span>{label}</span>
    </div>
  );
}
