-- Row-level security for the site's tables on Supabase (hand-written; the single source of the policies).
--
-- The server (Next.js) connects as the tables' owner through DATABASE_URL and is the first line of authorisation;
-- these policies are defence in depth for everything that reaches the database with Supabase's API keys:
--   anon, authenticated  the public and signed-in users (PostgREST, supabase-js in a browser)
--   service_role         bypasses RLS (Supabase creates it with BYPASSRLS)
-- Admins are users with a user_roles row whose role_name is 'admin' (docs/SPEC-NOTES.md §6).
-- `(select auth.uid())` rather than `auth.uid()`: evaluated once per statement, not once per row (Supabase's
-- RLS performance advice).
-- Tested on a real PostgreSQL by tests/integration/supabase-rls.test.ts.

-- Admin check. SECURITY DEFINER so it reads user_roles whatever the caller may see (and so the user_roles policy
-- below does not recurse); an empty search_path so no object in a caller's schema can stand in for ours.
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles
    where user_id = (select auth.uid()) and role_name = 'admin'
  );
$$;

revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- The generated schema migration enabled RLS on every table; repeated here so this file holds the whole picture.
alter table public.courses enable row level security;
alter table public.course_enrollments enable row level security;
alter table public.user_course_progress enable row level security;
alter table public.user_roles enable row level security;
alter table public.volunteers enable row level security;
alter table public.newsletter_subscribers enable row level security;
alter table public.enquiries enable row level security;
alter table public.homepage_content enable row level security;
alter table public.outbox enable row level security;

-- Users are Supabase Auth users: deleting one deletes their enrolments, progress and roles.
alter table public.course_enrollments
  add constraint course_enrollments_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade;
alter table public.user_course_progress
  add constraint user_course_progress_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade;
alter table public.user_roles
  add constraint user_roles_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade;
create index course_enrollments_user_id_idx on public.course_enrollments (user_id);

-- Forms: anyone may submit, nobody but admins may read. The checks stop a submission from claiming a
-- side effect already happened (a forwarded enquiry, a synced subscriber).
create policy "Anyone can subscribe to the newsletter" on public.newsletter_subscribers
  for insert to anon, authenticated
  with check (status = 'active' and sync_status = 'pending' and sync_attempts = 0 and synced_at is null);

create policy "Anyone can send an enquiry" on public.enquiries
  for insert to anon, authenticated
  with check (forward_status = 'pending' and forward_attempts = 0 and forwarded_at is null);

create policy "Anyone can register as a volunteer" on public.volunteers
  for insert to anon, authenticated
  with check (true);

-- Content everyone reads.
create policy "Published courses are public" on public.courses
  for select to anon, authenticated
  using (published);

create policy "Homepage content is public" on public.homepage_content
  for select to anon, authenticated
  using (true);

-- Signed-in users: their own enrolments (only in published courses) and progress; no deletes.
create policy "Users read their enrolments" on public.course_enrollments
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users enrol themselves in published courses" on public.course_enrollments
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.courses c where c.id = course_enrollments.course_id and c.published)
  );

create policy "Users update their enrolments" on public.course_enrollments
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users read their progress" on public.user_course_progress
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users record their progress" on public.user_course_progress
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users update their progress" on public.user_course_progress
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users read their roles" on public.user_roles
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Admins: everything, on every table (outbox included; nobody else may see it).
create policy "Admins manage courses" on public.courses
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins manage enrolments" on public.course_enrollments
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins manage progress" on public.user_course_progress
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins manage roles" on public.user_roles
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins manage volunteers" on public.volunteers
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins manage subscribers" on public.newsletter_subscribers
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins manage enquiries" on public.enquiries
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins manage homepage content" on public.homepage_content
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins manage the outbox" on public.outbox
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
