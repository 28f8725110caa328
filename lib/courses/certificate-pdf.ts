import 'server-only';

// use-intl's core, not next-intl: next-intl's entry pulls its client provider, which breaks plain-Node scripts
// (npm run outbox:drain) under the react-server condition.
import { createTranslator } from 'use-intl/core';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

import { loadMessages } from '@/i18n/messages';
import type English from '@/messages/en.json';
import type { Locale } from '@/i18n/routing';
import { formatDate } from '@/lib/utils/format';

import { type CertificateFonts, certificateFonts, toWinAnsi } from './certificate-fonts';

/** What a course certificate shows (issue 7 §5). `verifyUrl` is absolute: `/verify/{id}` on the site. */
export type CertificatePdfInput = {
  certificateId: string;
  studentName: string;
  courseTitle: string;
  certificateTitle: string;
  certificateDescription: string;
  issuedAt: Date;
  verifyUrl: string;
  siteName: string;
  locale: Locale;
};

export type CertificatePdfOptions = {
  /** Deflate the page content (default true); tests turn it off to read the text. */
  compress?: boolean;
  /** The typeface; defaults to `certificateFonts()` (a system TrueType family, else Helvetica). */
  fonts?: CertificateFonts;
};

// A4 landscape in PDF points (1/72 inch).
const PAGE_WIDTH = 841.89;
const PAGE_HEIGHT = 595.28;
const CONTENT_X = 80;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * CONTENT_X;
const QR_SIZE = 96;

// The site's brand purple and blue (PageHeader's gradient) and dark/muted text colours, all on white.
const BRAND = '#4c1d95';
const BRAND_BLUE = '#1e3a8a';
const INK = '#111827';
const MUTED = '#4b5563';

type Box = { y: number; height: number; x?: number; width?: number; align?: 'center' | 'left' };

/**
 * Renders one course certificate as a single-page A4 landscape PDF: site name, certificate title, 'Presented to'
 * and the student's name, the certificate description, the course title, the issue date (long form in `locale`,
 * UK time), and in small print the certificate id and the verification URL, with a QR code of that URL (also a
 * link). Labels come from the `Certificate` messages of `locale`. Long texts shrink, then end in an ellipsis, so the
 * certificate never runs onto a second page. Metadata is deterministic for a given input (Title, Author = site
 * name, Subject, CreationDate = ModDate = `issuedAt`). Server only. @throws when the QR code cannot be encoded
 * (a URL longer than a QR code holds) or a font file cannot be read.
 */
export async function renderCertificatePdf(
  input: CertificatePdfInput,
  options: CertificatePdfOptions = {},
): Promise<Buffer> {
  const fonts = options.fonts ?? certificateFonts();
  const show = fonts.kind === 'standard' ? toWinAnsi : (text: string) => text.normalize('NFC');
  // English completes any missing key; the catalogue's shape is the English one (see global.d.ts).
  const messages = (await loadMessages(input.locale)) as unknown as typeof English;
  const t = createTranslator({ locale: input.locale, messages, namespace: 'Certificate' });
  const qr = await QRCode.toBuffer(input.verifyUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 0,
    width: 384,
    color: { dark: '#000000', light: '#ffffff' },
  });

  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    compress: options.compress ?? true,
    // The default font is opened when the document starts: an embedded family never touches pdfkit's AFM files.
    font: fonts.regular,
    lang: input.locale,
    displayTitle: true,
    info: {
      Title: show(`${input.certificateTitle} – ${input.courseTitle}`),
      Author: show(input.siteName),
      Subject: show(
        t('subject', {
          certificateTitle: input.certificateTitle,
          studentName: input.studentName,
          courseTitle: input.courseTitle,
        }),
      ),
      Creator: show(input.siteName),
      CreationDate: input.issuedAt,
      ModDate: input.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  /** Draws `text` in `box` at the largest size from `max` down to `min` that fits, else at `min` with an ellipsis. */
  function fitText(text: string, font: string, max: number, min: number, color: string, box: Box) {
    const width = box.width ?? CONTENT_WIDTH;
    const value = show(text);
    let size = max;
    doc.font(font);
    while (size > min && doc.fontSize(size).heightOfString(value, { width, lineGap: 2 }) > box.height)
      size -= 1;
    doc
      .fontSize(size)
      .fillColor(color)
      .text(value, box.x ?? CONTENT_X, box.y, {
        width,
        height: box.height,
        align: box.align ?? 'center',
        lineGap: 2,
        ellipsis: true,
      });
  }

  // Frame: a brand-coloured border and a thin inner rule.
  doc
    .lineWidth(4)
    .strokeColor(BRAND)
    .rect(22, 22, PAGE_WIDTH - 44, PAGE_HEIGHT - 44)
    .stroke();
  doc
    .lineWidth(0.75)
    .strokeColor(BRAND_BLUE)
    .rect(32, 32, PAGE_WIDTH - 64, PAGE_HEIGHT - 64)
    .stroke();

  fitText(input.siteName, fonts.bold, 14, 10, BRAND, { y: 62, height: 22 });
  fitText(input.certificateTitle, fonts.bold, 34, 20, INK, { y: 94, height: 50 });
  fitText(t('presentedTo'), fonts.regular, 14, 11, MUTED, { y: 160, height: 20 });
  fitText(input.studentName, fonts.bold, 40, 20, BRAND, { y: 184, height: 54 });
  doc
    .lineWidth(1)
    .strokeColor(BRAND_BLUE)
    .moveTo(PAGE_WIDTH / 2 - 160, 246)
    .lineTo(PAGE_WIDTH / 2 + 160, 246)
    .stroke();
  fitText(input.certificateDescription, fonts.regular, 14, 10, INK, { y: 258, height: 54 });
  fitText(t('courseLabel'), fonts.regular, 12, 10, MUTED, { y: 322, height: 18 });
  fitText(input.courseTitle, fonts.bold, 22, 13, INK, { y: 344, height: 62 });

  // Bottom band: date and small print on the left, the QR code on the right.
  const qrX = PAGE_WIDTH - CONTENT_X - QR_SIZE;
  const qrY = 422;
  const leftWidth = qrX - CONTENT_X - 24;
  fitText(
    t('issuedOn', { date: formatDate(input.issuedAt.toISOString(), input.locale) }),
    fonts.bold,
    13,
    10,
    INK,
    {
      x: CONTENT_X,
      y: 452,
      width: leftWidth,
      height: 20,
      align: 'left',
    },
  );
  fitText(t('certificateId', { id: input.certificateId }), fonts.regular, 9, 7, MUTED, {
    x: CONTENT_X,
    y: 480,
    width: leftWidth,
    height: 14,
    align: 'left',
  });
  const verifyText = show(t('verifyAt', { url: input.verifyUrl }));
  doc
    .font(fonts.regular)
    .fontSize(9)
    .fillColor(MUTED)
    .text(verifyText, CONTENT_X, 496, { width: leftWidth, height: 26, lineGap: 1, ellipsis: true });
  doc.link(CONTENT_X, 496, leftWidth, 24, input.verifyUrl);

  doc.image(qr, qrX, qrY, { width: QR_SIZE, height: QR_SIZE });
  doc.link(qrX, qrY, QR_SIZE, QR_SIZE, input.verifyUrl);
  fitText(t('scanToVerify'), fonts.regular, 8, 6, MUTED, {
    x: qrX - 20,
    y: qrY + QR_SIZE + 4,
    width: QR_SIZE + 40,
    height: 12,
  });

  doc.end();
  return finished;
}
