/**
 * Joins class names, skipping empty, false, null and undefined parts (takes any mix; returns one string).
 * The primitives never pass two classes for the same property, so no Tailwind merge is needed.
 */
export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
