import { describe, expect, it } from "vitest";
import { podcastGuid } from "./podcast-guid";

describe("podcast:guid", () => {
  it("is the UUIDv5 of the feed URL without scheme, as Podcastindex's own example gives it", async () => {
    expect(await podcastGuid("https://podnews.net/rss")).toBe("9b024349-ccf0-5f69-a609-6b82873eab3c");
    expect(await podcastGuid("http://podnews.net/rss/")).toBe("9b024349-ccf0-5f69-a609-6b82873eab3c");
  });

  it("differs from feed to feed", async () => {
    expect(await podcastGuid("https://crossfade.example/mixtapes/feed.xml")).not.toBe(
      await podcastGuid("https://staging.crossfade.example/mixtapes/feed.xml"),
    );
  });
});
