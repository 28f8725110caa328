-- A priced course's content is for its students (hand-written, like 20261122200000). Until now the policies
-- "Lessons of published courses are public" and "Materials of published courses are public" checked only that the
-- course was published, so Supabase's publishable key read every lesson body, video URL and material row of a
-- priced course, although the site shows them only to enrolled students (/courses/{id}/learn).
--
-- Now, through Supabase's API keys:
--  * lessons and material rows of a published free course (price 0): anyone, as before;
--  * of a published priced course: its students with an active enrolment, and admins ("Admins manage …");
--  * drafts: admins only, as before;
--  * the outline of any published course (unit and lesson titles, no body, no video, no file) through
--    course_outline() below, which the course page's public view needs and nothing else.
-- The site itself reads these tables as their owner (lib/courses) and decides there; it never reads them through
-- PostgREST, so nothing it does changes. Tested on a real PostgreSQL by tests/integration/supabase-rls.test.ts.

-- Whether the caller (auth.uid(), or anon) may read the content of course p_course_id: the rule of
-- lib/courses (the learn page) and of may_read_material. SECURITY DEFINER so a policy can ask about enrolments
-- without the caller holding any privilege on course_enrollments (anon holds none); returns a yes or no only.
create or replace function public.may_read_course_content(p_course_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (select public.is_admin()) or exists (
    select 1
    from public.courses c
    where c.id = p_course_id
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

revoke all on function public.may_read_course_content(uuid) from public;
grant execute on function public.may_read_course_content(uuid) to anon, authenticated, service_role;

drop policy if exists "Lessons of published courses are public" on public.course_lessons;
create policy "Lessons: free courses, or their enrolled students" on public.course_lessons
  for select to anon, authenticated
  using (exists (
    select 1 from public.course_units u
    where u.id = course_lessons.unit_id and public.may_read_course_content(u.course_id)
  ));

-- The same rule as the private bucket's downloads (may_read_material, 20261125171800): a row readable here is a
-- file Storage will hand over, and no other.
drop policy if exists "Materials of published courses are public" on public.course_materials;
create policy "Materials: free courses, or their enrolled students" on public.course_materials
  for select to anon, authenticated
  using (public.may_read_material(course_materials.storage_path));

-- The outline of one published course: its units and lessons in order, titles only. SECURITY DEFINER with an empty
-- search_path (as is_admin()), so it reads lessons the caller may not; it returns no row for a draft or an unknown
-- id, and never a body, a video URL or a material.
create or replace function public.course_outline(p_course_id uuid)
returns table (
  unit_id uuid,
  unit_title text,
  unit_position integer,
  lesson_id uuid,
  lesson_title text,
  lesson_position integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, u.title, u.position, l.id, l.title, l.position
  from public.course_units u
  join public.courses c on c.id = u.course_id
  left join public.course_lessons l on l.unit_id = u.id
  where c.id = p_course_id and c.published
  order by u.position, u.created_at, l.position, l.created_at;
$$;

revoke all on function public.course_outline(uuid) from public;
grant execute on function public.course_outline(uuid) to anon, authenticated, service_role;
