-- Back office (issue 17): roles, enquiry notes and the audit trail on Supabase (hand-written, like 20261122170000).
--
-- The back office runs on the server, which connects as the tables' owner and checks every page and action
-- (lib/auth requireStaff/checkStaff): staff and admins never reach these rows through PostgREST, so the policies
-- give Supabase's API keys only what the app itself needs:
--  * user_roles: a signed-in user reads their own rows (the policy of 20261122170000, kept); only admins
--    change roles. 'staff' is readable by its holder like 'admin', and grants nothing in the database: the staff
--    inbox is served by the server alone.
--  * enquiry_notes (internal notes, replies): admins only, like the enquiries they belong to.
--  * admin_audit: admins read it; nobody changes or deletes an entry through the API (append-only).
-- Tested on a real PostgreSQL by tests/integration/supabase-rls.test.ts.

alter table public.enquiry_notes enable row level security;
alter table public.admin_audit enable row level security;

revoke all on public.user_roles, public.enquiry_notes, public.admin_audit from anon;
revoke update, delete, truncate on public.admin_audit from authenticated;

create policy "Admins manage enquiry notes" on public.enquiry_notes
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "Admins read the audit trail" on public.admin_audit
  for select to authenticated using ((select public.is_admin()));
