// Demo report PDFs for the seed content.
//
// Takes: content/seed/reports.json (title, organization, date, excerpt, content HTML, pdf file name).
// Writes: one small PDF per report into content/seed/files/{pdf} with pdfkit and its built-in Helvetica (nothing is
// downloaded or embedded): a title page block with organisation and date, the summary, then the report's headings,
// paragraphs and findings lists as plain text. Dates in the PDF metadata come from the report, so reruns give the
// same content. Run with `npm run content:assets`.

import { createWriteStream, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const seedDir = path.join(root, 'content/seed');
const outDir = path.join(seedDir, 'files');

const PURPLE = '#4c1d95';
const TEAL = '#0f766e';
const AMBER = '#f59e0b';
const INK = '#1f2937';
const MUTED = '#6b7280';

const decode = (s) =>
  s
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
const text = (html) =>
  decode(html.replace(/<[^>]+>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

/** Splits WordPress post HTML into a flat list of blocks: headings, paragraphs and list items. */
function blocks(html) {
  const out = [];
  const re = /<(h[1-6]|p|li|blockquote)\b[^>]*>([\s\S]*?)<\/\1>/gi;
  for (const m of html.matchAll(re)) {
    const tag = m[1].toLowerCase();
    if (tag === 'blockquote') continue; // its <p> is matched on its own
    const t = text(m[2]);
    if (!t) continue;
    out.push({ kind: tag.startsWith('h') ? 'heading' : tag === 'li' ? 'item' : 'para', text: t });
  }
  return out;
}

function formatDate(iso) {
  const d = new Date(`${iso.slice(0, 10)}T12:00:00Z`);
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function writeReport(report) {
  const file = path.join(outDir, report.pdf);
  const created = new Date(`${report.date.slice(0, 19)}Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    compress: true,
    bufferPages: true,
    info: {
      Title: report.title,
      Author: report.organization,
      Subject: report.excerpt,
      Keywords: 'demo, fictional, Leeds Racial Justice Network',
      Creator: 'scripts/demo-content/pdfs.mjs',
      Producer: 'pdfkit',
      CreationDate: created,
      ModDate: created,
    },
  });
  const done = new Promise((resolve, reject) => {
    const stream = createWriteStream(file);
    stream.on('finish', resolve);
    stream.on('error', reject);
    doc.pipe(stream);
  });

  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const left = doc.page.margins.left;

  // Header band.
  doc.rect(0, 0, doc.page.width, 150).fill(PURPLE);
  doc.rect(0, 150, doc.page.width, 6).fill(AMBER);
  doc.fillColor(AMBER).font('Helvetica-Bold').fontSize(10).text('REPORT', left, 48, { characterSpacing: 2 });
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(22).text(report.title, left, 66, { width });

  doc.y = 184;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(report.organization, left, doc.y, { width });
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(10)
    .text(`Published ${formatDate(report.date)}`, { width });
  doc.moveDown(0.6);
  doc
    .fillColor(MUTED)
    .font('Helvetica-Oblique')
    .fontSize(9)
    .text(
      'Demo document: a fictional report written for a demonstration website. Names, figures and findings are illustrative.',
      { width },
    );
  doc.moveDown(1.2);

  doc.fillColor(TEAL).font('Helvetica-Bold').fontSize(14).text('Summary', { width });
  doc.moveDown(0.3);
  doc.fillColor(INK).font('Helvetica').fontSize(11).text(report.excerpt, { width, lineGap: 2 });
  doc.moveDown(0.8);

  for (const b of blocks(report.content)) {
    if (b.kind === 'heading') {
      if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
      doc.moveDown(0.4);
      doc.fillColor(TEAL).font('Helvetica-Bold').fontSize(14).text(b.text, left, doc.y, { width });
      doc.moveDown(0.3);
    } else if (b.kind === 'item') {
      const y = doc.y;
      doc.circle(left + 4, y + 6, 2.2).fill(AMBER);
      doc
        .fillColor(INK)
        .font('Helvetica')
        .fontSize(11)
        .text(b.text, left + 16, y, { width: width - 16, lineGap: 2 });
      doc.moveDown(0.35);
    } else {
      doc.fillColor(INK).font('Helvetica').fontSize(11).text(b.text, left, doc.y, { width, lineGap: 2 });
      doc.moveDown(0.6);
    }
  }

  // Footer on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text(
        `${report.organization} · ${report.title} · page ${i + 1} of ${range.count}`,
        left,
        doc.page.height - 40,
        {
          width,
          align: 'center',
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = bottom;
  }

  doc.end();
  return done.then(() => statSync(file).size);
}

const reports = JSON.parse(readFileSync(path.join(seedDir, 'reports.json'), 'utf8'));
mkdirSync(outDir, { recursive: true });
let total = 0;
for (const report of reports) {
  if (!report.pdf || report.pdf.includes('/') || !report.pdf.endsWith('.pdf'))
    throw new Error(`Bad pdf name for ${report.slug}`);
  const size = await writeReport(report);
  total += size;
  console.log(`${report.pdf.padEnd(40)} ${(size / 1024).toFixed(1).padStart(6)} KB`);
}
console.log(`${reports.length} PDFs, ${(total / 1024).toFixed(1)} KB in ${path.relative(root, outDir)}/`);
