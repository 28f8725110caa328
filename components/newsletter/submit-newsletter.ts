'use client';

import { subscribeToNewsletter } from '@/app/actions/newsletter';
import { newsletterSchema, type NewsletterInput } from '@/lib/forms/newsletter';
import type { FormFailure, GuardValues } from '@/lib/forms/result';

export type NewsletterOutcome =
  | { kind: 'ok'; thankYou: string }
  | { kind: 'invalid'; key: string }
  | { kind: 'failed'; failure: FormFailure };

/**
 * The newsletter form's submit logic, loaded on the first submit (not with the page): `newsletterError` validates
 * with the same zod schema as the server (→ a `Newsletter` message key or null); `submitNewsletter` validates and
 * calls the server action. Never throws for a refused submission; a network
 * failure rejects (the caller shows the spec's error toast).
 */
export async function submitNewsletter(
  values: NewsletterInput,
  guard: GuardValues,
): Promise<NewsletterOutcome> {
  const parsed = newsletterSchema.safeParse(values);
  if (!parsed.success) return { kind: 'invalid', key: parsed.error.issues[0]?.message ?? 'emailInvalid' };
  const result = await subscribeToNewsletter({ ...values, ...guard });
  if (result.ok) return { kind: 'ok', thankYou: result.data.thankYou };
  if (result.error === 'invalid' && result.fieldErrors?.email)
    return { kind: 'invalid', key: result.fieldErrors.email };
  return { kind: 'failed', failure: result };
}
