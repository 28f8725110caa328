'use server';

import { finishAdminAction, formLocale } from '@/lib/admin/finish';
import { handleAddNote, handleReply, handleUpdateEnquiry } from '@/lib/admin/inbox';
import { checkStaff } from '@/lib/auth';

/**
 * The enquiry page's forms (issue 17 item 3). Each checks the caller on the server (`checkStaff()`: staff or
 * admin) whatever the page showed, validates with zod in lib/admin/inbox.ts, and returns to the enquiry with a
 * notice (post/redirect/get).
 */

function enquiryPath(formData: FormData): string {
  const id = String(formData.get('id') ?? '');
  return /^[0-9a-f-]{36}$/i.test(id) ? `/admin/enquiries/${id}` : '/admin/enquiries';
}

export async function updateEnquiryAction(formData: FormData): Promise<void> {
  const outcome = await handleUpdateEnquiry(await checkStaff(), {
    id: formData.get('id'),
    status: formData.get('status') ?? undefined,
    assignedTo: formData.get('assignedTo') ?? undefined,
  });
  finishAdminAction(outcome, { locale: formLocale(formData.get('locale')), path: enquiryPath(formData) });
}

export async function addNoteAction(formData: FormData): Promise<void> {
  const outcome = await handleAddNote(await checkStaff(), {
    id: formData.get('id'),
    body: formData.get('body'),
  });
  finishAdminAction(outcome, { locale: formLocale(formData.get('locale')), path: enquiryPath(formData) });
}

export async function replyAction(formData: FormData): Promise<void> {
  const outcome = await handleReply(await checkStaff(), {
    id: formData.get('id'),
    body: formData.get('body'),
  });
  finishAdminAction(outcome, { locale: formLocale(formData.get('locale')), path: enquiryPath(formData) });
}
