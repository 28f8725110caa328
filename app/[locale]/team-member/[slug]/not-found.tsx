import { NotFoundView } from '@/components/layout/not-found-view';

/** Shown by `notFound()` in this route: the site's one 404 design (components/layout/not-found-view.tsx). */
export default function NotFound() {
  return <NotFoundView kind="team-member" />;
}
