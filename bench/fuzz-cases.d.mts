// Types of bench/fuzz-cases.mjs, for the TypeScript specs that import it (tests/e2e/request-surface.spec.ts).
export type HostileRequest = {
  group: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
};
export const PREFIXES: string[];
export const BAD_ESCAPES: string[];
export const BAD_ORIGINS: string[];
export const ODD_METHODS: string[];
export const BAD_ACTION_TEXT: string[];
export function serverActions(distDir: string): { id: string; page: string }[];
export function brokenMultipart(): { type: string; body: string }[];
export function hostileRequests(
  actions: { id: string; page: string }[],
  options?: { repeat?: number },
): HostileRequest[];
