-- Supabase Storage for course materials (issue 7; hand-written): the public bucket `documents` and who may write
-- to it. lib/storage/supabase.ts uploads as the signed-in admin (never with a service-role key), so these
-- policies are checked on every upload, not only the site's own admin check.
-- Tested on a real PostgreSQL by tests/integration/supabase-rls.test.ts.

-- Public: the site links materials by their public URL (/storage/v1/object/public/documents/{path}), which Storage
-- serves without a session or any policy. The limits match lib/courses/shared.ts: MATERIAL_MAX_BYTES (20 MB) and
-- the MIME types of MATERIAL_TYPES (pdf, doc, docx, ppt, pptx, jpg/jpeg, png, mp3, mp4). An existing bucket of that
-- id is left as it is.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'documents',
  'documents',
  true,
  20971520,
  array[
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'image/jpeg',
    'image/png',
    'audio/mpeg',
    'video/mp4'
  ]
)
on conflict (id) do nothing;

-- Only admins (public.is_admin(): a user_roles 'admin' row) upload, replace and delete materials. Reading the
-- objects table (the Storage API's list, download with a token, and the lookup before a delete) is for admins
-- too: public URLs need no policy, and a public SELECT policy would let anyone list every file name in the
-- bucket, drafts' materials included.
create policy "Admins read course materials" on storage.objects
  for select to authenticated
  using (bucket_id = 'documents' and (select public.is_admin()));
create policy "Admins upload course materials" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'documents' and (select public.is_admin()));
create policy "Admins replace course materials" on storage.objects
  for update to authenticated
  using (bucket_id = 'documents' and (select public.is_admin()))
  with check (bucket_id = 'documents' and (select public.is_admin()));
create policy "Admins delete course materials" on storage.objects
  for delete to authenticated
  using (bucket_id = 'documents' and (select public.is_admin()));
