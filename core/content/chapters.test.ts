import { describe, expect, it } from "vitest";
import { chapterIndexAt, chaptersOf, cueSeconds, jsonChapters } from "./chapters";

const entry = (position: number, time: string | null) => ({
  position,
  artist: `Artist ${position}`,
  title: `Title ${position}`,
  time,
});

describe("a mix's chapters", () => {
  it("reads cues in every form a tracklist writes them", () => {
    expect([cueSeconds("00:05"), cueSeconds("1:02:03"), cueSeconds("75")]).toEqual([5, 3723, 75]);
  });

  it("are the entries with a cue, in playing order, and none for a tracklist without two cues", () => {
    expect(chaptersOf([entry(2, "03:00"), entry(1, "00:00"), entry(3, null)])).toEqual([
      { start: 0, title: "Artist 1 – Title 1" },
      { start: 180, title: "Artist 2 – Title 2" },
    ]);
    expect(chaptersOf([entry(1, "00:00"), entry(2, null)])).toEqual([]);
  });

  it("finds the chapter playing at a position, and none before the first cue", () => {
    const chapters = chaptersOf([entry(1, "00:10"), entry(2, "00:20"), entry(3, "00:30")]);
    expect([5, 10, 19.9, 20, 31, 999].map((p) => chapterIndexAt(chapters, p))).toEqual([-1, 0, 1, 1, 2, 2]);
  });

  it("writes Podcastindex's JSON chapters", () => {
    expect(JSON.parse(jsonChapters(chaptersOf([entry(1, "00:00"), entry(2, "01:30")])))).toEqual({
      version: "1.2.0",
      chapters: [
        { startTime: 0, title: "Artist 1 – Title 1" },
        { startTime: 90, title: "Artist 2 – Title 2" },
      ],
    });
  });
});
