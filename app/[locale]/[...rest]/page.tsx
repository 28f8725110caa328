import { notFound } from 'next/navigation';

/**
 * Every path no route matches lands here so it gets the translated 404 page with a real 404 status.
 * (The content issue turns this into the `/{slug}` → `/blog/{slug}` redirect for non-reserved slugs.)
 */
export default function CatchAllPage() {
  notFound();
}
