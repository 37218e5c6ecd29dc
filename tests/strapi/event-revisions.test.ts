import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cmsApi, eventually, workerUrl } from "./lane";

// Calendars follow an event's changes in CMS mode (docs/decisions/146-calendars-follow-changes.md):
// saved in Strapi an hour later, the event keeps its UID in the Worker's .ics and its SEQUENCE
// grows (cms/src/event-revisions.js); saved with nothing changed, it stays.

interface CmsEvent {
  documentId: string;
  slug: string;
  starts_at: string;
  ends_at: string | null;
  sequence: number | null;
}

let event: CmsEvent;
const ics = async () =>
  (await fetch(`${workerUrl()}/events/${event.slug}.ics`, { signal: AbortSignal.timeout(10_000) })).text();
const line = (text: string, name: string) => text.split("\r\n").find((l) => l.startsWith(`${name}:`));
const stamp = (iso: string) => `${new Date(iso).toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
const save = async (data: Record<string, unknown>) => {
  const res = await cmsApi(`/events/${event.documentId}`, { method: "PUT", body: JSON.stringify({ data }) });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: CmsEvent }).data;
};

beforeAll(async () => {
  const res = await cmsApi("/events?sort=starts_at:desc&pagination[pageSize]=1");
  event = ((await res.json()) as { data: CmsEvent[] }).data[0] as CmsEvent;
  expect(event?.slug).toBeTruthy();
});

afterAll(async () => {
  // The catalogue's time back for the other suites (the contract compares it).
  if (event) await save({ starts_at: event.starts_at, ends_at: event.ends_at });
});

describe("an event saved in Strapi", () => {
  it("moved by an hour keeps its UID and raises SEQUENCE; saved unchanged, it does not", async () => {
    const first = await ics();
    const uid = line(first, "UID");
    const sequence = event.sequence ?? 0;
    expect(line(first, "SEQUENCE")).toBe(`SEQUENCE:${sequence}`);
    expect(line(first, "LAST-MODIFIED")).toMatch(/^LAST-MODIFIED:\d{8}T\d{6}Z$/);

    const unchanged = await save({ starts_at: event.starts_at });
    expect(unchanged.sequence ?? 0).toBe(sequence);

    const later = new Date(Date.parse(event.starts_at) + 3_600_000).toISOString();
    const ends = event.ends_at ? new Date(Date.parse(event.ends_at) + 3_600_000).toISOString() : null;
    const moved = await save({ starts_at: later, ends_at: ends });
    expect(moved.sequence).toBe(sequence + 1);
    const after = await eventually(
      async () => {
        const text = await ics();
        return line(text, "DTSTART") === `DTSTART:${stamp(later)}` ? text : undefined;
      },
      15_000,
      "the moved time in the Worker's .ics",
    );
    expect(line(after, "UID")).toBe(uid);
    expect(line(after, "SEQUENCE")).toBe(`SEQUENCE:${sequence + 1}`);
  });
});
