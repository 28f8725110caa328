/**
 * The charity's mark: two overlapping circles (community, solidarity). Decorative: the name is the label. Never
 * shrinks in a flex row (it collapsed to 0-14 px beside long labels on phones).
 */
export function SiteLogo({ className = 'size-9' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
      data-logo-glyph
      className={`shrink-0 ${className}`}
    >
      <circle cx="15" cy="20" r="11" fill="currentColor" opacity="0.9" />
      <circle cx="25" cy="20" r="11" fill="none" stroke="currentColor" strokeWidth="3" />
    </svg>
  );
}
