import { loadCatalogue } from "@scripts/content/folder";

/** The demo catalogue the e2e server was seeded with: the content files in content/. */
export const catalogue = loadCatalogue();

export const published = {
  posts: catalogue.posts.filter((p) => p.pub_status === "published"),
  mixtapes: catalogue.mixtapes.filter((m) => m.pub_status === "published"),
  releases: catalogue.releases.filter((r) => r.pub_status === "published"),
  events: catalogue.events.filter((e) => e.pub_status === "published"),
};

export function postWithAudio(platform: "local" | "youtube" | "soundcloud" | "spotify", clip?: string) {
  const post = published.posts.find(
    (p) =>
      p.audio_platform === platform &&
      (platform === "local"
        ? Boolean(p.audio_file) && (!clip || p.audio_file === clip)
        : Boolean(p.primary_audio_url)),
  );
  if (!post) throw new Error(`the catalogue has no published ${platform} post`);
  return post;
}
