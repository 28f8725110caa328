'use server';

import { authKind, checkStaff } from '@/lib/auth';

import { finishAdminAction, formLocale } from './finish';
import { handleAddNote, handleReply, handleUpdateEnquiry } from './inbox';
import { handleSetRole } from './staff';

/**
 * The enquiry page's forms (issue 17 item 3). Each checks the caller on the server (`checkStaff()`: staff or
 * admin) whatever the page showed, validates with zod in lib/admin/inbox.ts, and returns to the enquiry with a
 * notice (post/redirect/get). A call with anything but a form (a forged request to the action's endpoint) returns
 * at once, reading and writing nothing.
 */

function enquiryPath(formData: FormData): string {
  const id = String(formData.get('id') ?? '');
  return /^[0-9a-f-]{36}$/i.test(id) ? `/admin/enquiries/${id}` : '/admin/enquiries';
}

export async function updateEnquiryAction(formData: FormData): Promise<void> {
  if (!(formData instanceof FormData)) return;
  const outcome = await handleUpdateEnquiry(await checkStaff(), {
    id: formData.get('id'),
    status: formData.get('status') ?? undefined,
    assignedTo: formData.get('assignedTo') ?? undefined,
  });
  finishAdminAction(outcome, { locale: formLocale(formData.get('locale')), path: enquiryPath(formData) });
}

export async function addNoteAction(formData: FormData): Promise<void> {
  if (!(formData instanceof FormData)) return;
  const outcome = await handleAddNote(await checkStaff(), {
    id: formData.get('id'),
    body: formData.get('body'),
  });
  finishAdminAction(outcome, { locale: formLocale(formData.get('locale')), path: enquiryPath(formData) });
}

export async function replyAction(formData: FormData): Promise<void> {
  if (!(formData instanceof FormData)) return;
  const outcome = await handleReply(await checkStaff(), {
    id: formData.get('id'),
    body: formData.get('body'),
  });
  finishAdminAction(outcome, { locale: formLocale(formData.get('locale')), path: enquiryPath(formData) });
}

/**
 * The staff page's form (issue 17 item 2): grant, change or revoke a back-office role. Admins only, checked here
 * on the server (`checkStaff('admin')`) whatever the page showed; input validated by lib/admin/staff.ts.
 */
export async function setRoleAction(formData: FormData): Promise<void> {
  if (!(formData instanceof FormData)) return;
  const locale = formLocale(formData.get('locale'));
  const outcome = await handleSetRole(
    await checkStaff('admin'),
    { email: formData.get('email'), role: formData.get('role') },
    { supabase: authKind() === 'supabase' },
  );
  finishAdminAction(outcome, { locale, path: '/admin/staff' });
}
