import type { EmbedKind } from "@core/share/embed";

/** What the share dialog shares: a post, mixtape or release page. */
export interface ShareItem {
  kind: EmbedKind;
  slug: string;
  title: string;
}

/** The page kind of a player track's context. */
export const KIND_OF_CONTEXT = { blogpost: "blog", mixtape: "mixtapes", release: "releases" } as const;
