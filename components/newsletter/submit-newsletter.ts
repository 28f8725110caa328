'use client';

import { subscribeToNewsletter } from '@/lib/newsletter/actions';
import { newsletterSchema, type NewsletterInput } from '@/lib/newsletter/shared';
import type { ActionFailure, GuardValues } from '@/lib/action-result';

export type NewsletterOutcome =
  | { kind: 'ok'; thankYou: string }
  | { kind: 'invalid'; key: string }
  | { kind: 'failed'; failure: ActionFailure };

/**
 * The newsletter form's submit logic, loaded on the first submit (not with the page): `newsletterError` validates
 * with the same zod schema as the server (→ a `Newsletter` message key or null); `submitNewsletter` validates and
 * calls the server action. Never throws for a refused submission; a network failure rejects (the caller shows the spec's error toast).
 */
export function newsletterError(values: NewsletterInput): string | null {
  const parsed = newsletterSchema.safeParse(values);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'emailInvalid');
}

export async function submitNewsletter(
  values: NewsletterInput,
  guard: GuardValues,
): Promise<NewsletterOutcome> {
  const key = newsletterError(values);
  if (key) return { kind: 'invalid', key };
  const result = await subscribeToNewsletter({ ...values, ...guard });
  if (result.ok) return { kind: 'ok', thankYou: result.data.thankYou };
  if (result.error === 'invalid' && result.fieldErrors?.email)
    return { kind: 'invalid', key: result.fieldErrors.email };
  return { kind: 'failed', failure: result };
}
