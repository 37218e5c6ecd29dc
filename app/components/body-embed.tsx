import { embedPlatform } from "@core/content/embeds";
import { PlayButton } from "../player/play-button";
import { QueueButtons } from "../player/queue-buttons";
import type { PlayableTrack, SourceContext, SourceKind } from "../player/tracks";

/**
 * A track embedded in a long text (app/components/document-body.tsx): a card whose Play button
 * plays it in the site's player, with Play next and Add to queue; nothing of the platform loads
 * before Play. A platform the player has no engine for (Bandcamp, Mixcloud) is a link card. Its
 * URL is one a link may carry (app/components/document-body.tsx draws any other as text). Only
 * a page with an embed loads this module (docs/decisions/144-one-document-model.md).
 */

/**
 * Whose text the embed is in: its track is credited and linked like the page's own (a post's,
 * a mixtape's or a release's; a text with no owner, an event's or a bio, has link cards).
 */
export interface EmbedOwner {
  slug: string;
  artist: string | null;
  numericId: number;
  /** The page the track links back to; a post when not given. */
  context?: SourceContext;
}

/** The embed platforms the player has an engine for, by the name core/content/document.ts gives them. */
const ENGINES: Record<string, SourceKind> = {
  YouTube: "youtube",
  SoundCloud: "soundcloud",
  Spotify: "spotify",
};

/**
 * The player's track for the embed at block `index` of `owner`'s text, or null for a platform
 * the player has no engine for.
 */
export function trackFromEmbed(
  owner: EmbedOwner,
  embed: { url: string; title: string },
  index: number,
): PlayableTrack | null {
  const kind = ENGINES[embedPlatform(embed.url) ?? ""];
  if (!kind) return null;
  const context = owner.context ?? "blogpost";
  return {
    id: `${context === "blogpost" ? "" : `${context}-`}${owner.slug}-embed-${index}`,
    title: embed.title,
    artist: owner.artist ?? "Unknown Artist",
    sources: { [kind]: embed.url },
    thumbnail: null,
    duration: null,
    context,
    postSlug: owner.slug,
    postId: owner.numericId,
  };
}

export interface BodyEmbedProps {
  url: string;
  /** The title a `[Title](url)` line gives it, else the platform's name. */
  title?: string | null;
  /** Its block's place in the text: the track's id. */
  index: number;
  owner?: EmbedOwner;
}

export default function BodyEmbed({ url, title: given, index, owner }: BodyEmbedProps) {
  const platform = embedPlatform(url);
  const title = given ?? platform ?? url;
  const track = owner ? trackFromEmbed(owner, { url, title }, index) : null;
  if (!track)
    return (
      <section className="embed-card" aria-label={title}>
        <p className="embed-card__title">{title}</p>
        <a className="embed-card__link" href={url} rel="noopener">
          {`Listen on ${platform ?? "Link"}`}
        </a>
      </section>
    );
  return (
    <section className="embed-card" aria-label={title}>
      <PlayButton track={track} label="Play" />
      <div className="embed-card__text">
        <p className="embed-card__title">{title}</p>
        <p className="embed-card__platform">{platform}</p>
      </div>
      <QueueButtons track={track} className="embed-card__queue" />
    </section>
  );
}
