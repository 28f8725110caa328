import 'server-only';

import { after } from 'next/server';
import type { z } from 'zod';

import { getDb } from '@/lib/db';
import { subscribeNewsletter } from '@/lib/mailing';
import { safeReturnTarget } from '@/lib/redirects';

import type { ActionContext, ActionDefinition } from '@/lib/safe-action';
import { NEWSLETTER_SOURCE, newsletterSchema } from './schema';

export const newsletterForm: ActionDefinition<typeof newsletterSchema> = {
  name: 'newsletter',
  schema: newsletterSchema,
};

/**
 * Signs an email up (docs/SPEC-NOTES.md §7, docs/ARCHITECTURE.md §5) with double opt-in: the `newsletter_subscribers` row is saved first as
 * `pending` with the page's locale (a repeat signup adds no row and never re-activates anyone), and the
 * confirmation email goes out after the response (lib/mailing `subscribeNewsletter`); the provider sync waits for
 * the person's confirmation. Returns the same thank-you path whatever the address's state (without locale prefix;
 * the browser's router adds it): `/thank-you?type=newsletter&source=…&returnTo=…`.
 */
export async function handleNewsletter(
  input: z.output<typeof newsletterSchema>,
  ctx: ActionContext,
): Promise<{ thankYou: string }> {
  const db = await getDb();
  await subscribeNewsletter(
    db,
    // Spec §3: every signup through the site's forms has source 'website'; the form's place goes in `form`.
    { email: input.email, source: NEWSLETTER_SOURCE, form: input.source, locale: ctx.locale },
    { defer: after },
  );
  const query = new URLSearchParams({ type: 'newsletter', source: input.source });
  const back = safeReturnTarget(input.returnTo);
  if (back) query.set('returnTo', back);
  return { thankYou: `/thank-you?${query.toString()}` };
}
