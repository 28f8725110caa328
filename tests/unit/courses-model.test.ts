import { describe, expect, it } from 'vitest';

import {
  checkMaterial,
  materialStoragePath,
  moveTo,
  progressPercent,
  resumeLessonId,
  sanitizeFilename,
  sanitizeLessonBody,
} from '@/lib/courses/model';
import { courseCreateSchema, courseUpdateSchema, lessonInputSchema } from '@/lib/courses/schema';
import { DEFAULT_CERTIFICATION_TITLE } from '@/lib/db/schema';

describe('progressPercent', () => {
  it('rounds to whole percent, counts only current lessons, and reaches 100 only when all are done', () => {
    expect(progressPercent([], ['a', 'b', 'c'])).toBe(0);
    expect(progressPercent(['a'], ['a', 'b', 'c'])).toBe(33);
    expect(progressPercent(['a', 'b'], ['a', 'b', 'c'])).toBe(67);
    expect(progressPercent(['a', 'b', 'c'], ['a', 'b', 'c'])).toBe(100);
    expect(progressPercent(['gone', 'a'], ['a', 'b'])).toBe(50);
    const many = Array.from({ length: 200 }, (_, i) => `l${i}`);
    expect(progressPercent(many.slice(1), many)).toBe(99);
    expect(progressPercent(['a'], [])).toBe(0);
  });
});

describe('resumeLessonId', () => {
  it('is the first lesson not done, else the last opened, else the first', () => {
    expect(resumeLessonId(['a', 'b', 'c'], [])).toBe('a');
    expect(resumeLessonId(['a', 'b', 'c'], ['a', 'c'], 'c')).toBe('b');
    expect(resumeLessonId(['a', 'b'], ['a', 'b'], 'b')).toBe('b');
    expect(resumeLessonId(['a', 'b'], ['a', 'b'], 'deleted')).toBe('a');
    expect(resumeLessonId([], [])).toBeNull();
  });
});

describe('moveTo', () => {
  it('moves an id to a clamped index and leaves the list alone for an unknown id', () => {
    expect(moveTo(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(moveTo(['a', 'b', 'c'], 'a', 99)).toEqual(['b', 'c', 'a']);
    expect(moveTo(['a', 'b', 'c'], 'b', -4)).toEqual(['b', 'a', 'c']);
    expect(moveTo(['a', 'b'], 'x', 0)).toEqual(['a', 'b']);
  });
});

describe('material files', () => {
  it('sanitises file names', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('C:\\Users\\me\\Résumé final.DOCX')).toBe('Resume-final.docx');
    expect(sanitizeFilename('.htaccess')).toBe('file.htaccess');
    expect(sanitizeFilename('a<script>.pdf')).toBe('a-script.pdf');
    expect(sanitizeFilename('...')).toBe('file');
    expect(sanitizeFilename(`${'x'.repeat(300)}.pdf`)).toBe(`${'x'.repeat(80)}.pdf`);
    expect(materialStoragePath('a.pdf', 1700000000000)).toBe('1700000000000_a.pdf');
  });

  it('accepts the allowed types up to 20 MB, with the content type from the extension', () => {
    expect(checkMaterial('Slides.PPTX', 100)).toEqual({
      ok: true,
      filename: 'Slides.pptx',
      displayName: 'Slides.pptx',
      contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    });
    expect(checkMaterial('a.mp3', 20 * 1024 * 1024)).toMatchObject({ ok: true, contentType: 'audio/mpeg' });
    expect(checkMaterial('a.mp4', 20 * 1024 * 1024 + 1)).toMatchObject({
      ok: false,
      code: 'material-too-large',
    });
    expect(checkMaterial('a.svg', 10)).toMatchObject({ ok: false, code: 'material-type' });
    expect(checkMaterial('a.pdf', 0)).toMatchObject({ ok: false, code: 'material-empty' });
  });
});

describe('sanitizeLessonBody', () => {
  it('turns plain text into paragraphs and strips everything outside the allowlist', () => {
    expect(sanitizeLessonBody('One\nline two\n\nTwo & 3 > 2')).toBe(
      '<p>One<br />line two</p>\n<p>Two &amp; 3 &gt; 2</p>',
    );
    expect(sanitizeLessonBody('<h2>T</h2><iframe src="https://x"></iframe><p style="x">P</p>')).toBe(
      '<h2>T</h2><p>P</p>',
    );
    expect(sanitizeLessonBody('<a href="https://example.org" onclick="x">ok</a>')).toBe(
      '<a href="https://example.org">ok</a>',
    );
    expect(sanitizeLessonBody('   ')).toBe('');
  });
});

describe('course schemas', () => {
  it('fills the creation defaults and leaves updates partial', () => {
    expect(courseCreateSchema.parse({ title: ' T ' })).toEqual({
      title: 'T',
      description: '',
      price: 0,
      published: false,
    });
    expect(courseUpdateSchema.parse({ published: true })).toEqual({ published: true });
    expect(courseCreateSchema.parse({ title: 'T', thumbnail: '' }).thumbnail).toBeNull();
    expect(courseCreateSchema.safeParse({ title: 'T', thumbnail: '//evil.example' }).success).toBe(false);
    const issue = courseCreateSchema.safeParse({ title: '' }).error?.issues[0];
    expect(issue).toMatchObject({ path: ['title'], message: 'required' });
    expect(lessonInputSchema.parse({ title: 'L', videoUrl: 'https://youtu.be/x' }).videoUrl).toBe(
      'https://youtu.be/x',
    );
    expect(DEFAULT_CERTIFICATION_TITLE).toBe('Certificate of Completion');
  });
});
