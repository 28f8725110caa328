import { Download } from '@/components/icons/island-icons';
import type { StudentMaterial } from '@/lib/courses/shared';

/**
 * A list of course materials for students (the lesson page's, and the course page's island): each file's name as
 * uploaded, its kind and size, as a download link to `/uploads/…`, where the route checks the enrolment again.
 * `labels` are translated by the caller (a server page or a client island): `download(name)` is the link's
 * accessible name, `meta(material)` the kind and size line. Renders nothing for an empty list. No hooks, so server
 * pages and islands share it.
 */
export function MaterialList({
  materials,
  labels,
  testId,
}: {
  materials: readonly StudentMaterial[];
  labels: { download: (name: string) => string; meta: (material: StudentMaterial) => string };
  testId?: string;
}) {
  if (materials.length === 0) return null;
  return (
    <ul className="space-y-2" data-testid={testId}>
      {materials.map((m) => (
        <li key={m.id} className="flex items-start gap-3 rounded-xl border border-border p-3">
          <Download aria-hidden className="mt-1 size-5 shrink-0 text-brand" />
          <span className="min-w-0">
            <a
              href={m.url}
              download={m.name}
              aria-label={labels.download(m.name)}
              className="font-semibold break-words text-brand underline underline-offset-4"
            >
              {m.name}
            </a>
            <span className="block text-sm text-muted">{labels.meta(m)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
