import type { Post } from "@core/content/post";
import type { Release } from "@core/content/release";
import { describe, expect, it } from "vitest";
import {
  detectPlatform,
  pickSource,
  spotifyTrackId,
  trackFromPost,
  tracksFromRelease,
  youtubeId,
} from "./tracks";

describe("detectPlatform", () => {
  it("reads the platform from the URL host first", () => {
    expect(detectPlatform("https://www.youtube.com/watch?v=dQw4w9WgXcQ", "local")).toBe("youtube");
    expect(detectPlatform("https://youtu.be/dQw4w9WgXcQ")).toBe("youtube");
    expect(detectPlatform("https://soundcloud.com/a/b")).toBe("soundcloud");
    expect(detectPlatform("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC")).toBe("spotify");
  });

  it("reads the host as a URL parser does, whatever the URL's form", () => {
    const byParser = (url: string) => {
      const host = new URL(url, "https://crossfade.invalid").hostname.toLowerCase();
      if (host === "youtu.be" || host.endsWith("youtube.com")) return "youtube";
      if (host.endsWith("soundcloud.com")) return "soundcloud";
      return host.endsWith("spotify.com") ? "spotify" : "mp3";
    };
    for (const url of [
      "https://WWW.YouTube.com/watch?v=dQw4w9WgXcQ",
      "http://m.youtube.com:8080/watch?v=dQw4w9WgXcQ",
      "//soundcloud.com/a/b",
      "  https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC  ",
      "https://someone@soundcloud.com/a",
      "https://youtube.com.example.org/watch",
      "https://example.org/?next=https://youtube.com/",
      "https://example.org/#https://soundcloud.com/",
      "/media/audio/youtube.com.mp3",
      "media/audio/a.mp3",
      "https://[::1]/a.mp3",
    ]) {
      expect(detectPlatform(url), url).toBe(byParser(url));
    }
  });

  it("falls back to audio_platform, then mp3", () => {
    expect(detectPlatform("https://cdn.example.com/a", "soundcloud")).toBe("soundcloud");
    expect(detectPlatform("/media/audio/a.mp3", "local")).toBe("mp3");
    expect(detectPlatform("/media/audio/a.mp3")).toBe("mp3");
  });
});

describe("ids from URLs", () => {
  it("accepts only 11-character YouTube ids", () => {
    expect(youtubeId("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://youtu.be/dQw4w9WgXcQ?t=3")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://www.youtube.com/watch?v=short")).toBeNull();
    expect(youtubeId("not a url")).toBeNull();
  });

  it("takes the Spotify track id from a track/{id} URL", () => {
    expect(spotifyTrackId("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=x")).toBe(
      "4uLU6hMCjMI75M1A2tKUQC",
    );
    expect(spotifyTrackId("https://open.spotify.com/album/abc")).toBeNull();
  });
});

describe("pickSource", () => {
  it("prefers youtube, then soundcloud, then mp3, then spotify", () => {
    const all = { mp3: "a.mp3", youtube: "y", soundcloud: "s", spotify: "p" };
    expect(pickSource({ sources: all })?.kind).toBe("youtube");
    expect(pickSource({ sources: { mp3: "a", soundcloud: "s", spotify: "p" } })?.kind).toBe("soundcloud");
    expect(pickSource({ sources: { mp3: "a", spotify: "p" } })?.kind).toBe("mp3");
    expect(pickSource({ sources: { spotify: "p" } })?.kind).toBe("spotify");
    expect(pickSource({ sources: {} })).toBeNull();
  });
});

const post: Post = {
  id: "night-drive",
  numericId: 7,
  slug: "night-drive",
  title: "Night Drive",
  artist: null,
  excerpt: "",
  content: [],
  date: "2026-01-01T00:00:00Z",
  category: "premieres",
  tags: [],
  genres: [],
  locations: [],
  coverImage: null,
  isFeatured: false,
  audio: { platform: "local", url: "/media/audio/a.mp3", trackTitle: "Night Drive (Edit)" },
};

describe("tracks from content", () => {
  it("derives a post's track as '{id}-track' with the post as its source", () => {
    const t = trackFromPost(post);
    expect(t).toMatchObject({
      id: "night-drive-track",
      title: "Night Drive (Edit)",
      artist: "Unknown Artist",
      sources: { mp3: "/media/audio/a.mp3" },
      context: "blogpost",
      postSlug: "night-drive",
      postId: 7,
    });
    expect(trackFromPost({ ...post, audio: null })).toBeNull();
  });

  it("puts a release's primary track first, else keeps the first", () => {
    const release = {
      id: 3,
      slug: "r",
      artist: "Label Artist",
      artwork: null,
      tracks: [
        {
          trackNumber: 1,
          title: "A",
          artist: null,
          duration: "3:00",
          audioUrl: "/a.mp3",
          audioPlatform: "local",
          isPrimary: false,
          isFeatured: false,
        },
        {
          trackNumber: 2,
          title: "B",
          artist: "Guest",
          duration: "4:00",
          audioUrl: "https://soundcloud.com/x/b",
          audioPlatform: null,
          isPrimary: true,
          isFeatured: false,
        },
      ],
    } as unknown as Release;
    // The release's order, the flagged lead wherever it is listed (the queue follows the page).
    const tracks = tracksFromRelease(release);
    expect(tracks.map((t) => t.title)).toEqual(["A", "B"]);
    expect(tracks[1]?.sources).toEqual({ soundcloud: "https://soundcloud.com/x/b" });
    expect(tracks[0]?.artist).toBe("Label Artist");
    const noPrimary = {
      ...release,
      tracks: release.tracks.map((t) => ({ ...t, isPrimary: false })),
    } as Release;
    expect(tracksFromRelease(noPrimary).map((t) => t.title)).toEqual(["A", "B"]);
  });
});
