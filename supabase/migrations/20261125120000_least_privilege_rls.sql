-- Least-privilege row-level security (security review findings H1 and M6; hand-written, like 20261122170000).
--
-- The server connects as the tables' owner and does every write the app needs (lib/db, lib/courses); nothing in
-- the app writes through PostgREST. So the policies below allow a signed-in user only what the app itself would
-- let them do, and nothing the public API key could use to skip the server's checks:
--  * enrolling themselves: only in a free, published course, as the app's own free enrolment (status 'active',
--    payment_method 'free', amount 0, no payment id); never in a priced course (the paywall);
--  * no update of an enrolment at all (course_id, status, amount and payment fields belong to the server);
--  * progress: only under an active enrolment of the caller in that course;
--  * public form submissions (enquiries, volunteers, newsletter subscribers): no insert policy at all. The
--    server writes them as owner after zod, the spam guard, the rate limits and the outbox; a direct insert
--    would skip all of that (and an enquiry would never be forwarded). The CHECK constraints of migration
--    0003_security_hardening mirror the forms' limits for any other way in.
-- Tested on a real PostgreSQL by tests/integration/supabase-rls.test.ts.

-- M6: public submissions go through the server only.
drop policy if exists "Anyone can subscribe to the newsletter" on public.newsletter_subscribers;
drop policy if exists "Anyone can send an enquiry" on public.enquiries;
drop policy if exists "Anyone can register as a volunteer" on public.volunteers;
revoke insert, update, delete on public.newsletter_subscribers, public.enquiries, public.volunteers from anon;

-- H1: the paywall holds in the database too.
drop policy if exists "Users enrol themselves in published courses" on public.course_enrollments;
create policy "Users enrol themselves in free published courses" on public.course_enrollments
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and status = 'active'
    and payment_method = 'free'
    and amount = 0
    and payment_id is null
    and exists (
      select 1 from public.courses c
      where c.id = course_enrollments.course_id and c.published and c.price = 0
    )
  );

drop policy if exists "Users update their enrolments" on public.course_enrollments;

-- Progress only for a course the caller is actively enrolled in (insert and update alike; the update's
-- WITH CHECK also stops moving a row to another course).
drop policy if exists "Users record their progress" on public.user_course_progress;
drop policy if exists "Users update their progress" on public.user_course_progress;
create policy "Users record progress in their courses" on public.user_course_progress
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.course_enrollments e
      where e.user_id = (select auth.uid()) and e.course_id = user_course_progress.course_id
        and e.status = 'active'
    )
  );
create policy "Users update progress in their courses" on public.user_course_progress
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.course_enrollments e
      where e.user_id = (select auth.uid()) and e.course_id = user_course_progress.course_id
        and e.status = 'active'
    )
  );
