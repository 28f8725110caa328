'use server';

import { action } from '@/lib/safe-action';

import { contactForm, forwardForm, handleForwardEnquiry, handleSubmitEnquiry } from './handler';

/**
 * The contact form's server actions (lib/safe-action.ts wrapper; the logic and its test seams are in
 * lib/enquiries/handler.ts, which a 'use server' module must not export: every export here is a public endpoint).
 */

/** Contact form, step 1: save the enquiry and queue its forward. */
export const submitEnquiry = action(contactForm, (input, ctx) => handleSubmitEnquiry(input, ctx));

/** Contact form, step 2: forward the saved enquiry by email now; `{ forwarded }`. */
export const forwardEnquiry = action(forwardForm, (input, ctx) => handleForwardEnquiry(input, ctx));
