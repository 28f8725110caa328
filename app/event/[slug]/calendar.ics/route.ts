// GET /event/{slug}/calendar.ics – one event as an iCalendar file, for Apple Calendar and any other calendar app
// (docs/SPEC-NOTES.md §2 Single event "Apple and generic (ICS download)"). Outside the [locale] segment: the proxy leaves paths
// with a dot alone, and the file is the same in every language.
import { getEvent, getEvents } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { buildIcsCalendar, icsEventFromView, icsFileName } from '@/lib/events/ics';
import { eventView, orderedEvents } from '@/lib/events/model';

export const revalidate = 3600;

/** The same 20 events as the pre-rendered event pages. */
export async function generateStaticParams() {
  return orderedEvents(await getEvents(), new Date(), 20).map((v) => ({ slug: v.slug }));
}

function notFound(message: string) {
  return new Response(message, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

export async function GET(_request: Request, { params }: RouteContext<'/event/[slug]/calendar.ics'>) {
  const { slug: raw } = await params;
  let slug = raw;
  try {
    slug = decodeURIComponent(raw);
  } catch {
    // A malformed encoding simply finds no event.
  }
  const event = await getEvent(slug);
  if (!event) return notFound('Event not found');
  const site = siteConfig();
  const entry = icsEventFromView(eventView(event), site.url);
  if (!entry) return notFound('This event has no date yet (Date TBA)');
  const body = buildIcsCalendar([entry], { productId: `-//${site.name}//Events//EN`, now: new Date() });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${icsFileName(event.slug)}"`,
    },
  });
}
