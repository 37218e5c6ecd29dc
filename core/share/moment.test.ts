import { describe, expect, it } from "vitest";
import { formatStartTime, momentUrl, parseStartTime, parseTrackNumber } from "./moment";

describe("a shared link's moment", () => {
  it.each([
    ["83", 83],
    ["1:23", 83],
    ["01:02:03", 3723],
    ["1h2m3s", 3723],
    ["2m", 120],
    ["45s", 45],
    ["1m90s", 150],
    [" 90 ", 90],
  ])("reads t=%s as %i seconds", (value, seconds) => {
    expect(parseStartTime(value)).toBe(seconds);
  });

  it.each([null, "", "0", "abc", "-5", "1:75", "1:2:3:4", "12.5", "h", "99h", "1e3", "90000"])(
    "ignores t=%s",
    (value) => {
      expect(parseStartTime(value)).toBeNull();
    },
  );

  it("reads track as a 1-based number and ignores anything else", () => {
    expect(parseTrackNumber("3")).toBe(3);
    for (const bad of [null, "", "0", "-1", "2.5", "x", "1000"]) expect(parseTrackNumber(bad)).toBeNull();
  });

  it("writes the moment into a link and reads it back", () => {
    expect(formatStartTime(83.7)).toBe("1m23s");
    expect(formatStartTime(3723)).toBe("1h2m3s");
    expect(formatStartTime(5)).toBe("5s");
    const link = momentUrl("https://crossfade.example/releases/x?t=9", { start: 83, track: 2 });
    expect(link).toBe("https://crossfade.example/releases/x?track=2&t=1m23s");
    expect(parseStartTime(new URL(link).searchParams.get("t"))).toBe(83);
    expect(momentUrl("https://crossfade.example/blog/y", {})).toBe("https://crossfade.example/blog/y");
  });
});
