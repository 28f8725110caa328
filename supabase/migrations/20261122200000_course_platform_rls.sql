-- Row-level security for the course platform's tables (issue 7; hand-written, like 20261122170000).
-- The server connects as the tables' owner and decides who may do what (lib/auth, lib/courses); these policies
-- are defence in depth for what reaches the database with Supabase's API keys.
-- Tested on a real PostgreSQL by tests/integration/supabase-rls.test.ts.

alter table public.course_units enable row level security;
alter table public.course_lessons enable row level security;
alter table public.course_materials enable row level security;
alter table public.course_certificates enable row level security;

-- Users are Supabase Auth users: deleting one deletes their certificates (as their enrolments and progress).
alter table public.course_certificates
  add constraint course_certificates_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade;

-- A published course's outline and materials are public; a draft's only admins see ("Admins manage …" below).
create policy "Units of published courses are public" on public.course_units
  for select to anon, authenticated
  using (exists (select 1 from public.courses c where c.id = course_units.course_id and c.published));

create policy "Lessons of published courses are public" on public.course_lessons
  for select to anon, authenticated
  using (exists (
    select 1 from public.course_units u join public.courses c on c.id = u.course_id
    where u.id = course_lessons.unit_id and c.published
  ));

create policy "Materials of published courses are public" on public.course_materials
  for select to anon, authenticated
  using (exists (select 1 from public.courses c where c.id = course_materials.course_id and c.published));

-- Certificates: the student reads their own; only the server (or an admin) issues them. Anyone may check one by
-- its id through verify_certificate() below, which returns the printed fields and never the user id.
create policy "Users read their certificates" on public.course_certificates
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins manage units" on public.course_units
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins manage lessons" on public.course_lessons
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins manage materials" on public.course_materials
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins manage certificates" on public.course_certificates
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- /verify/{id}: one certificate by its public id, without opening the table. SECURITY DEFINER with an empty
-- search_path (as is_admin()); returns no row for an unknown id.
create or replace function public.verify_certificate(p_id uuid)
returns table (
  id uuid,
  student_name text,
  course_title text,
  certificate_title text,
  certificate_description text,
  issued_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.student_name, c.course_title, c.certificate_title, c.certificate_description, c.issued_at
  from public.course_certificates c
  where c.id = p_id;
$$;

revoke all on function public.verify_certificate(uuid) from public;
grant execute on function public.verify_certificate(uuid) to anon, authenticated, service_role;

-- docs/SPEC-NOTES.md §7 `rpc insert_test_course`: SECURITY INVOKER, so the caller's policies apply (admins only may insert
-- courses). An unpublished course; lib/courses createTestCourse() is the server's equivalent (price 25, docs/SPEC-NOTES.md §9).
create or replace function public.insert_test_course(
  p_title text,
  p_description text,
  p_price numeric,
  p_created_by uuid
)
returns uuid
language sql
security invoker
set search_path = ''
as $$
  insert into public.courses (title, description, price, created_by, published)
  values (p_title, coalesce(p_description, ''), coalesce(p_price, 25), p_created_by, false)
  returning id;
$$;

revoke all on function public.insert_test_course(text, text, numeric, uuid) from public;
grant execute on function public.insert_test_course(text, text, numeric, uuid) to authenticated, service_role;
