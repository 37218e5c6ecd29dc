import { describe, expect, it } from "vitest";
import { formatEventTime, formatLongDate, titleFromSlug } from "./format";

describe("formatLongDate", () => {
  it("writes the date in long US format, in UTC so server and browser agree", () => {
    expect(formatLongDate("2026-11-21T23:30:00.000Z")).toBe("November 21, 2026");
    expect(formatLongDate("2024-02-29T00:00:00Z")).toBe("February 29, 2024");
  });

  it("gives an empty string for a date it cannot read", () => {
    expect(formatLongDate("not a date")).toBe("");
  });

  it("writes what Intl's en-US long date in UTC writes, on every day of a leap year and more", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    const days = [];
    for (let t = Date.UTC(2024, 0, 1, 23, 59); t < Date.UTC(2025, 0, 2); t += 86_400_000) days.push(t);
    days.push(Date.UTC(1999, 11, 31, 12), Date.UTC(2100, 5, 15), Date.UTC(2026, 10, 21, 0, 0, 0, 1));
    for (const t of days) {
      const iso = new Date(t).toISOString();
      expect(formatLongDate(iso), iso).toBe(intl.format(t));
    }
    // An offset that moves the instant across midnight UTC.
    expect(formatLongDate("2026-11-21T23:30:00-02:00")).toBe("November 22, 2026");
  });
});

describe("formatEventTime", () => {
  it("shows the start in the venue's own time zone", () => {
    expect(formatEventTime("2026-12-05T22:00:00+01:00", "Europe/Berlin")).toBe(
      "Saturday, December 5, 2026 at 10:00 PM GMT+1",
    );
    expect(formatEventTime("2026-07-04T21:00:00-04:00", "America/Detroit")).toBe(
      "Saturday, July 4, 2026 at 9:00 PM EDT",
    );
  });

  it("falls back to the date alone for an unknown zone", () => {
    expect(formatEventTime("2026-07-04T21:00:00Z", "Mars/Olympus")).toBe("July 4, 2026");
    // …every time: the formatter cache remembers the zone as unknown.
    expect(formatEventTime("2026-07-05T21:00:00Z", "Mars/Olympus")).toBe("July 5, 2026");
  });
});

describe("titleFromSlug", () => {
  it("title-cases each word of a slug", () => {
    expect(titleFromSlug("deep-house")).toBe("Deep House");
    expect(titleFromSlug("interviews")).toBe("Interviews");
  });
});
