// A calendar that imported an event follows its changes (docs/decisions/146-calendars-follow-changes.md):
// an event's `sequence` grows by one with each save that changes its time, place or status, which
// the Worker writes as the event's SEQUENCE in /events.ics (RFC 5545); LAST-MODIFIED is the
// entry's updatedAt. A document service middleware, so every way an event is saved (the admin
// panel, the Content API, a script) counts the same; a save that changes none of these fields
// leaves the number as it is.

const EVENT = 'api::event.event';
const SCHEDULE = ['starts_at', 'ends_at', 'timezone', 'venue', 'address', 'city', 'event_status'];

/** The same value: two times equal to the millisecond, else the same text (null and '' alike). */
function same(a, b) {
  const empty = (v) => v === undefined || v === null || v === '';
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  const [ta, tb] = [Date.parse(a), Date.parse(b)];
  if (Number.isFinite(ta) && Number.isFinite(tb) && /\d{4}-\d{2}-\d{2}T/.test(String(a))) return ta === tb;
  return String(a) === String(b);
}

/** Registers the middleware; call it from the app's register() (document middlewares go there). */
function eventRevisions(strapi) {
  strapi.documents.use(async (context, next) => {
    const data = context.params?.data;
    const documentId = context.params?.documentId;
    if (context.uid !== EVENT || context.action !== 'update' || !data || !documentId) return next();
    const before = await strapi
      .documents(EVENT)
      .findOne({ documentId, status: 'draft', fields: [...SCHEDULE, 'sequence'] });
    if (before && SCHEDULE.some((field) => field in data && !same(data[field], before[field]))) {
      context.params = { ...context.params, data: { ...data, sequence: (before.sequence ?? 0) + 1 } };
    }
    return next();
  });
}

module.exports = { eventRevisions };
