-- Table privileges to match the policies (hand-written, like 20261122170000). Supabase's default privileges give
-- anon and authenticated ALL on every new table in public: TRUNCATE (which row-level security does not apply to),
-- REFERENCES, TRIGGER, and all DML even where no policy could ever let a row through (the local accounts' tables,
-- whose rows are password hashes and session hashes). The server connects as the owner and needs none of these.
-- Now each key holds only what some policy can use:
--  * anon: SELECT on the public catalogue (courses, their units, lessons and materials, the homepage content);
--  * authenticated: SELECT, INSERT, UPDATE, DELETE where a policy ("Admins manage …", a user's own enrolments,
--    progress, roles, certificates) can allow them; SELECT only on admin_audit (admins read it);
--  * nothing on local_users, local_sessions, local_email_tokens and enquiry_notes (the back office's internal
--    notes are the server's alone, like the rest of the staff inbox; their admin policy goes with the grant);
--  * TRUNCATE, REFERENCES and TRIGGER for neither, anywhere.
-- Tables created later get no privileges for either key until a migration grants them (default privileges).
-- Tested on a real PostgreSQL by tests/integration/supabase-rls.test.ts (the grants against an allow-list).

revoke all on all tables in schema public from anon, authenticated;
alter default privileges in schema public revoke all on tables from anon, authenticated;

grant select on public.courses, public.course_units, public.course_lessons, public.course_materials,
  public.homepage_content to anon;

grant select, insert, update, delete on public.courses, public.course_units, public.course_lessons,
  public.course_materials, public.course_certificates, public.course_enrollments, public.user_course_progress,
  public.homepage_content, public.enquiries, public.volunteers, public.newsletter_subscribers, public.outbox,
  public.user_roles to authenticated;
grant select on public.admin_audit to authenticated;

revoke all on public.local_users, public.local_sessions, public.local_email_tokens, public.enquiry_notes
  from anon, authenticated;
drop policy if exists "Admins manage enquiry notes" on public.enquiry_notes;
