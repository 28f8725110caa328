'use server';

import { formAction } from '@/lib/forms/action';
import { handleNewsletter, newsletterForm } from '@/lib/forms/newsletter-handler';

/** The newsletter form's server action (lib/forms/newsletter-handler.ts), behind the forms wrapper. */
export const subscribeToNewsletter = formAction(newsletterForm, handleNewsletter);
