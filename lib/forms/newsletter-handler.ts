import 'server-only';

import type { z } from 'zod';

import { getDb } from '@/lib/db';
import { subscribeNewsletter } from '@/lib/mailing';
import { safeReturnTarget } from '@/lib/routing/safe-return';

import type { FormContext, FormDefinition } from './action';
import { newsletterSchema } from './newsletter';

export const newsletterForm: FormDefinition<typeof newsletterSchema> = {
  name: 'newsletter',
  schema: newsletterSchema,
};

/**
 * Subscribes an email (spec §7, DESIGN.md §5): the `newsletter_subscribers` row is saved first (a repeat signup
 * updates it, no duplicate), with the consent time and the page's locale; the mailing provider sync follows as a
 * best-effort, retried side effect (lib/mailing). Returns the thank-you path (without locale prefix; the
 * browser's router adds it): `/thank-you?type=newsletter&source=…&returnTo=…`.
 */
export async function handleNewsletter(
  input: z.output<typeof newsletterSchema>,
  ctx: FormContext,
): Promise<{ thankYou: string }> {
  const db = await getDb();
  await subscribeNewsletter(db, { email: input.email, source: input.source, locale: ctx.locale });
  const query = new URLSearchParams({ type: 'newsletter', source: input.source });
  const back = safeReturnTarget(input.returnTo);
  if (back) query.set('returnTo', back);
  return { thankYou: `/thank-you?${query.toString()}` };
}
