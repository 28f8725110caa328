import { MATERIAL_TYPES } from '@/lib/courses/schemas';

/**
 * Which stored course materials `/uploads/{file}` serves and how (pure). Names are what lib/courses stores:
 * `{timestamp}_{sanitised filename}` with an extension it accepts; anything else is not a file of ours (404).
 */
export const UPLOAD_NAME = /^\d+_[A-Za-z0-9._-]+$/;

// Office documents download rather than open in the tab (browsers would otherwise hand them to a plug-in).
const OFFICE = new Set(['doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx']);

export type UploadHeaders = { contentType: string; attachment: boolean };

/** Content type and disposition of a stored file name, or null when the name is not one we serve. */
export function uploadHeaders(name: string): UploadHeaders | null {
  if (!UPLOAD_NAME.test(name) || name.includes('..')) return null;
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  const contentType = MATERIAL_TYPES[ext];
  if (!contentType) return null;
  return { contentType, attachment: OFFICE.has(ext) };
}
