import { describe, expect, it } from "vitest";
import { embargoed, unembargoed } from "./embargo";

const NOW = Date.parse("2027-06-01T06:00:00.000Z");
const row = (pub_status: string, publish_at: string | null) => ({ id: 1, pub_status, publish_at });

describe("a row's embargo", () => {
  it("stores a published item whose time is ahead as a draft due at that time in UTC", () => {
    expect(embargoed(row("published", "2027-06-01T09:00:00+02:00"), NOW)).toEqual({
      id: 1,
      pub_status: "draft",
      publish_at: "2027-06-01T09:00:00+02:00",
      publish_due: "2027-06-01T07:00:00.000Z",
    });
  });

  it("stores as they are a published item whose time has come, a draft with a time, and one without", () => {
    expect(embargoed(row("published", "2027-06-01T08:00:00+02:00"), NOW)).toMatchObject({
      pub_status: "published",
      publish_due: null,
    });
    expect(embargoed(row("draft", "2027-06-01T09:00:00+02:00"), NOW)).toMatchObject({
      pub_status: "draft",
      publish_due: null,
    });
    expect(embargoed(row("published", null), NOW)).toMatchObject({
      pub_status: "published",
      publish_due: null,
    });
    expect(embargoed({ id: 1, name: "Techno" }, NOW)).toEqual({ id: 1, name: "Techno" });
  });

  it("reads an embargoed row back as its file wrote it", () => {
    const stored = embargoed(row("published", "2027-06-01T09:00:00+02:00"), NOW);
    expect(unembargoed(stored)).toEqual(row("published", "2027-06-01T09:00:00+02:00"));
    expect(unembargoed(embargoed(row("draft", "2027-06-01T09:00:00+02:00"), NOW))).toEqual(
      row("draft", "2027-06-01T09:00:00+02:00"),
    );
  });
});
