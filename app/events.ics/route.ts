// GET /events.ics – a subscribable iCalendar feed of every upcoming event (docs/SPEC-NOTES.md §2 Single event, §7 ICS fields).
import { getEvents } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { buildIcsCalendar, icsEventFromView, type IcsEvent } from '@/lib/events/ics';
import { orderEvents } from '@/lib/events/model';

/** Like the pages: rebuilt at most hourly (calendar apps poll it; X-PUBLISHED-TTL and REFRESH-INTERVAL say 1 h). */
export const revalidate = 3600;

export async function GET() {
  const site = siteConfig();
  const now = new Date();
  const { upcoming } = orderEvents(await getEvents(), now, Number.POSITIVE_INFINITY);
  const events = upcoming
    .map((item) => icsEventFromView(item.view, site.url))
    .filter((e): e is IcsEvent => e !== null);
  const body = buildIcsCalendar(events, {
    productId: `-//${site.name}//Events//EN`,
    name: `${site.name} – Events`,
    now,
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="events.ics"',
    },
  });
}
