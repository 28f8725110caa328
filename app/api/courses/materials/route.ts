import { revalidatePath, revalidateTag } from 'next/cache';

import { localizeHref } from '@/i18n/client-paths';
import { type Locale, toLocale } from '@/i18n/routing';
import { supabaseClientForRequest } from '@/lib/auth';
import { adminOps, runAdmin } from '@/lib/courses';
import { MATERIAL_MAX_BYTES } from '@/lib/courses/shared';
import { route } from '@/lib/safe-action';
import { materialStorage } from '@/lib/storage';

/** Room for the multipart envelope and the other fields around a file of the largest allowed size. */
const BODY_LIMIT = MATERIAL_MAX_BYTES + 64 * 1024;

const json = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/** 303 back to the manage page's materials section with `?done=upload` or `?error={code}`. */
function backToManage(locale: Locale, courseId: string, status: string): Response {
  const target = localizeHref(locale, `/courses/manage/${encodeURIComponent(courseId)}?${status}#materials`);
  return new Response(null, { status: 303, headers: { Location: target } });
}

/**
 * POST /api/courses/materials (multipart: `file`, `courseId`, optional `lessonId`): uploads a course material
 * for an admin (docs/SPEC-NOTES.md §7: stored as `{timestamp}_{filename}` by `materialStorage()`: `.data/uploads`, or the
 * Supabase bucket `documents` as the signed-in admin). Through the route wrapper (lib/safe-action.ts): 401 signed
 * out, 403 not an admin, 503 admin check failed, 429 `{ error: 'rate-limited' }` with `Retry-After` over the
 * per-admin limit (the actions' budget 'admin', counted after the admin check; all four before the body is
 * read), every answer `no-store`. Then 413 over 20 MB or a body that is cut off or not valid multipart, 415 a
 * type not allowed, 422 no or empty file, 404 unknown course; 201 with `{ material, url }`. With `redirect=1`
 * (the manage page's form without JavaScript), a 303 back to /courses/manage/{courseId}?done=upload or
 * ?error={code} in the form's `locale`; the form repeats `redirect`, `locale` and `courseId` in the query string
 * so that a rate-limited upload goes back too without its body being read.
 */
export const POST = route(
  async (request, { user }) => {
    const length = Number(request.headers.get('content-length') ?? '0');
    if (length > BODY_LIMIT) return json({ error: 'too-large' }, 413);
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      // The proxy hands on at most next.config.ts's `proxyClientMaxBodySize` (21 MB, above BODY_LIMIT): a body
      // without a Content-Length that went past it arrives cut off and cannot be parsed. A cut-off body and a
      // malformed one look the same from here, so both get the answer that explains the likely cause.
      return json({ error: 'too-large' }, 413);
    }
    const courseId = form.get('courseId');
    // On Supabase: the admin's own session, so Storage's RLS (public.is_admin()) checks the upload as well.
    const storage = materialStorage(await supabaseClientForRequest());
    const result = await runAdmin(
      adminOps.upload,
      { ok: true, user },
      { courseId, file: form.get('file'), lessonId: form.get('lessonId') },
      { storage },
    );
    if (result.ok) {
      revalidateTag('courses', { expire: 0 }); // updateTag is for server actions only
      revalidatePath('/[locale]/courses', 'layout');
    }
    if (form.get('redirect') === '1' && typeof courseId === 'string') {
      return backToManage(
        toLocale(form.get('locale')),
        courseId,
        result.ok ? 'done=upload' : `error=${result.error}`,
      );
    }
    return result.ok
      ? json(result.data, 201)
      : json({ error: result.error, fields: result.fieldErrors }, result.status);
  },
  {
    guard: 'admin',
    limit: 'admin',
    cache: 'no-store',
    onLimited: (request) => {
      const query = new URL(request.url).searchParams;
      const courseId = query.get('courseId');
      return query.get('redirect') === '1' && courseId
        ? backToManage(toLocale(query.get('locale')), courseId, 'error=rate-limited')
        : null;
    },
  },
);
