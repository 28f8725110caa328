'use server';

import { formAction } from '@/lib/forms/action';
import { contactForm, forwardForm, handleForwardEnquiry, handleSubmitEnquiry } from '@/lib/enquiries/handler';

/** Contact form, step 1: save the enquiry and queue its forward (lib/enquiries/handler.ts). */
export const submitEnquiry = formAction(contactForm, (input, ctx) => handleSubmitEnquiry(input, ctx));

/** Contact form, step 2: forward the saved enquiry by email now; `{ forwarded }`. */
export const forwardEnquiry = formAction(forwardForm, (input, ctx) => handleForwardEnquiry(input, ctx));
