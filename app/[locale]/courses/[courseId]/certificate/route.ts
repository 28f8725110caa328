import { hasLocale } from 'next-intl';

import { routing } from '@/i18n/routing';
import { checkUser, guardResponse } from '@/lib/auth';
import { renderCertificatePdf } from '@/lib/courses';
import { siteConfig } from '@/lib/config/site';
import { getCertificate, myCourses } from '@/lib/courses';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/**
 * GET `/courses/{courseId}/certificate`: the signed-in student's certificate for that course as a PDF attachment
 * (lib/courses/certificate-pdf.ts, labels in the URL's locale, a QR code and link to `/verify/{id}`). 401 signed out
 * (`checkUser`), 404 when this user has no certificate for the course (not complete, not enrolled, unknown id).
 */
export async function GET(
  _request: Request,
  { params }: RouteContext<'/[locale]/courses/[courseId]/certificate'>,
) {
  const { locale: rawLocale, courseId } = await params;
  const locale = hasLocale(routing.locales, rawLocale) ? rawLocale : routing.defaultLocale;
  const guard = await checkUser();
  if (!guard.ok) return guardResponse(guard);
  const mine = (await myCourses(guard.user.id)).find((c) => c.course.id === courseId);
  const certificate = mine?.certificateId ? await getCertificate(mine.certificateId) : null;
  if (!certificate || certificate.userId !== guard.user.id) {
    return Response.json({ error: 'not-found' }, { status: 404, headers: NO_STORE });
  }
  const site = siteConfig();
  const pdf = await renderCertificatePdf({
    certificateId: certificate.id,
    studentName: certificate.studentName,
    courseTitle: certificate.courseTitle,
    certificateTitle: certificate.certificateTitle,
    certificateDescription: certificate.certificateDescription,
    issuedAt: new Date(certificate.issuedAt),
    verifyUrl: `${site.url}/verify/${certificate.id}`,
    siteName: site.name,
    locale,
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...NO_STORE,
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.byteLength),
      'Content-Disposition': `attachment; filename="certificate-${certificate.id}.pdf"`,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
