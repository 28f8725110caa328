-- Course materials become private (issue 16 item 2; hand-written). Until now the bucket `documents` was public: any
-- material, a priced course's included, was served by Storage's public URL to whoever had it. Now the bucket is
-- private and the site serves every material through `/uploads/{path}` (app/uploads/[file]/route.ts), which checks
-- the course first and then downloads from Storage with the visitor's own session, so Storage's RLS decides again.
-- Tested on a real PostgreSQL by tests/integration/supabase-rls.test.ts.

update storage.buckets set public = false where id = 'documents';

-- Whether the caller (auth.uid(), or anon) may download the object `p_name` of the bucket documents: the same
-- rule as lib/media/material-access.ts. A published free course's materials: anyone. A published priced course's:
-- its students with an active enrolment. Any course's (drafts included): admins. An object that is no recorded
-- material: admins only. SECURITY DEFINER so the policy can read enrolments and courses whatever the caller may
-- see of them; it returns a yes or no and nothing else.
create or replace function public.may_read_material(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (select public.is_admin()) or exists (
    select 1
    from public.course_materials m
    join public.courses c on c.id = m.course_id
    where m.storage_path = p_name
      and c.published
      and (
        c.price = 0
        or exists (
          select 1 from public.course_enrollments e
          where e.course_id = c.id and e.user_id = (select auth.uid()) and e.status = 'active'
        )
      )
  );
$$;

revoke all on function public.may_read_material(text) from public;
grant execute on function public.may_read_material(text) to anon, authenticated, service_role;

-- Replaces "Admins read course materials": admins keep reading (and listing) everything through may_read_material.
-- Others see one object at a time as Storage checks a download; listing the bucket shows them only the objects
-- they may download (their courses' materials), never drafts' or other priced courses' file names.
drop policy if exists "Admins read course materials" on storage.objects;
create policy "Readers of a course read its materials" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'documents' and public.may_read_material(name));
