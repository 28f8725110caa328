'use server';

import { finishAdminAction, formLocale } from '@/lib/admin/finish';
import { handleSetRole } from '@/lib/admin/staff';
import { authKind, checkStaff } from '@/lib/auth';

/**
 * The staff page's form (issue 17 item 2): grant, change or revoke a back-office role. Admins only, checked here
 * on the server (`checkStaff('admin')`) whatever the page showed; input validated by lib/admin/staff.ts.
 */
export async function setRoleAction(formData: FormData): Promise<void> {
  const locale = formLocale(formData.get('locale'));
  const outcome = await handleSetRole(
    await checkStaff('admin'),
    { email: formData.get('email'), role: formData.get('role') },
    { supabase: authKind() === 'supabase' },
  );
  finishAdminAction(outcome, { locale, path: '/admin/staff' });
}
