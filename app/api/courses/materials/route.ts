import { revalidatePath, revalidateTag } from 'next/cache';

import { localizeHref } from '@/i18n/client-paths';
import { type Locale, toLocale } from '@/i18n/routing';
import { supabaseClientForRequest } from '@/lib/auth';
import { adminOps, attemptAdmin } from '@/lib/courses';
import type { ActionFailure, ActionResult } from '@/lib/action-result';
import { type AdminErrorCode, MATERIAL_MAX_BYTES } from '@/lib/courses/shared';
import { fieldErrors, route } from '@/lib/safe-action';
import { guardOutsideProxy, tagged } from '@/lib/security/outside-proxy';
import { readBytesWithLimit } from '@/lib/security/read-body';
import { materialStorage } from '@/lib/storage';

/** An operation's answer (its data, or the failure `attemptAdmin` made of a throw) as an `ActionResult`. */
async function answer<T>(
  work: Promise<T | ActionFailure<AdminErrorCode>>,
): Promise<ActionResult<T, AdminErrorCode>> {
  const result = await work;
  return typeof result === 'object' && result !== null && (result as { ok?: unknown }).ok === false
    ? (result as ActionFailure<AdminErrorCode>)
    : { ok: true, data: result as T };
}

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
 * POST /api/courses/materials (multipart: `file`, `courseId`, optional `lessonId`, or `materialId` to replace that
 * material's file): uploads a course material
 * for an admin (docs/SPEC-NOTES.md §7: stored as `{timestamp}_{filename}` by `materialStorage()`: `.data/uploads`, or the
 * Supabase bucket `documents` as the signed-in admin). Through the route wrapper (lib/safe-action.ts): 401 signed
 * out, 403 not an admin, 503 admin check failed, 429 `{ error: 'rate-limited' }` with `Retry-After` over the
 * per-admin limit (the actions' budget 'admin', counted after the admin check; all four before the body is
 * read), every answer `no-store`. Then 413 over 20 MB or a body that is cut off or not valid multipart, 415 a
 * type not allowed or content that is not what the extension says ('bad-content'), 422 no or empty file, 404
 * unknown course or material; 201 with `{ material, url, replaced }`; every upload is audited. With `redirect=1`
 * (the manage page's form without JavaScript), a 303 back to /courses/manage/{courseId}?done=upload (replace) or
 * ?error={code} in the form's `locale`; the form repeats `redirect`, `locale` and `courseId` in the query string
 * so that a rate-limited upload goes back too without its body being read.
 */
const upload = route(
  async (request, { user }) => {
    // Read here with its own cap, never whole: the proxy (which caps every other body at 1 MB) does not run for
    // this path, so nothing else stops a chunked body without a Content-Length.
    const read = await readBytesWithLimit(request, BODY_LIMIT);
    if (!read.ok) return json({ error: 'too-large' }, 413);
    let form: FormData;
    try {
      const type = request.headers.get('content-type') ?? '';
      form = await new Response(read.bytes, { headers: { 'Content-Type': type } }).formData();
    } catch {
      // A body cut off (the connection dropped) and a malformed one look the same from here: both get the answer
      // that explains the likely cause.
      return json({ error: 'too-large' }, 413);
    }
    const courseId = form.get('courseId');
    // On Supabase: the admin's own session, so Storage's RLS (public.is_admin()) checks the upload as well.
    const storage = materialStorage(await supabaseClientForRequest());
    // The route wrapper checked the admin; the input is parsed here, once, with the operation's own schema.
    const parsed = adminOps.upload.schema.safeParse({
      courseId,
      file: form.get('file'),
      lessonId: form.get('lessonId'),
      materialId: form.get('materialId'),
    });
    const result: ActionResult<
      Awaited<ReturnType<typeof adminOps.upload.run>>,
      AdminErrorCode
    > = parsed.success
      ? await answer(attemptAdmin(() => adminOps.upload.run(parsed.data, user, { storage })))
      : { ok: false, status: 422, error: 'invalid', fieldErrors: fieldErrors(parsed.error) };
    if (result.ok) {
      revalidateTag('courses', { expire: 0 }); // updateTag is for server actions only
      revalidatePath('/[locale]/courses', 'layout');
    }
    if (form.get('redirect') === '1' && typeof courseId === 'string') {
      return backToManage(
        toLocale(form.get('locale')),
        courseId,
        result.ok ? `done=${result.data.replaced ? 'replace' : 'upload'}` : `error=${result.error}`,
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

/**
 * The upload is outside the proxy's matcher (proxy.ts), so that Next does not buffer its 20 MB body for the proxy
 * (every other path keeps a 1 MB buffer): screening and the cross-site refusal run here instead, first.
 */
export async function POST(request: Request): Promise<Response> {
  const refused = await guardOutsideProxy(request);
  return tagged(request, refused ?? (await upload(request)));
}
