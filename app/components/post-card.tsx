import type { AggregatedPost } from "@core/content/aggregated-post";
import type { ListedPost, Post } from "@core/content/post";
import { TEXTS } from "@core/texts";
import { formatLongDate } from "../lib/format";
import { PlayButton } from "../player/play-button";
import { QueueButtons } from "../player/queue-buttons";
import { type PlayableTrack, trackFromPost } from "../player/tracks";
import { ListLink } from "./app-link";
import { ArtistName } from "./artist-name";
import { Cover } from "./cover";

/** What a card shows of a post: the fields below, and the audio its play button plays. */
type PostCardPost = { kind: "post" } & Pick<
  Post,
  | "id"
  | "numericId"
  | "slug"
  | "title"
  | "artist"
  | "artists"
  | "excerpt"
  | "date"
  | "category"
  | "coverImage"
  | "audio"
>;
type AggregatedCardPost = { kind: "aggregated" } & Pick<
  AggregatedPost,
  "id" | "originalUrl" | "title" | "artist" | "artists" | "excerpt" | "date" | "featuredImage"
>;
export type CardPost = PostCardPost | AggregatedCardPost;

/**
 * A post as a card: only what the card shows. Loaders return cards, not posts: every field they
 * return is serialised into the page and hydrated; bodies were most of it (docs/decisions/019:
 * SSR cost, size), and tags, genres and locations, which no card shows, most of the rest
 * (docs/decisions/039).
 */
export function postCardOf(post: Post): PostCardPost {
  const { id, numericId, slug, title, artist, artists, excerpt, date, category, coverImage, audio } = post;
  return {
    kind: "post",
    id,
    numericId,
    slug,
    title,
    artist,
    artists,
    excerpt,
    date,
    category,
    coverImage,
    audio,
  };
}

/** A listed post (or aggregated post) as a card. */
export function toCardPost(post: ListedPost): CardPost {
  if (post.kind === "post") return postCardOf(post);
  const { id, originalUrl, title, artist, artists, excerpt, date, featuredImage } = post;
  return { kind: "aggregated", id, originalUrl, title, artist, artists, excerpt, date, featuredImage };
}

/** A post (or an aggregated post, which links out to its original) in a grid. */
interface PostCardProps {
  post: CardPost;
  eager?: boolean;
  /** The first card of a list: its cover is the page's largest image on a phone. */
  priority?: boolean;
  /** The playable tracks of the whole list, so the player can go on to the next card. */
  playlist?: PlayableTrack[];
  /** h3 under a page's h2 sections; h2 where the cards sit right under the page's h1. */
  headingLevel?: 2 | 3;
}

export function PostCard({
  post,
  eager = false,
  priority = false,
  playlist,
  headingLevel = 3,
}: PostCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const track = post.kind === "post" ? trackFromPost(post) : null;
  const artist = post.artist ?? TEXTS.unknownArtist;
  const image = post.kind === "post" ? post.coverImage : post.featuredImage;
  const title =
    post.kind === "post" ? (
      <ListLink to={`/blog/${post.slug}`} className="card__link">
        {post.title}
      </ListLink>
    ) : (
      <a href={post.originalUrl} className="card__link" rel="noopener" target="_blank">
        {post.title}
        <span className="visually-hidden"> (opens the original article)</span>
      </a>
    );
  return (
    <article className="card">
      <Cover
        src={image}
        alt=""
        place="card"
        size={400}
        eager={eager}
        priority={priority}
        className="card__cover"
      />
      {track ? <PlayButton track={track} list={playlist} className="play-button--icon" /> : null}
      <div className="card__body">
        <p className="card__meta">
          {post.kind === "post" ? (
            <span className="badge">{post.category}</span>
          ) : (
            <span className="badge badge--muted">From the wire</span>
          )}
          <time dateTime={post.date}>{formatLongDate(post.date)}</time>
        </p>
        <Heading className="card__title">{title}</Heading>
        <p className="card__artist card__names">
          <ArtistName name={artist} artists={post.artists} />
        </p>
        <p className="card__excerpt">{post.excerpt}</p>
        {track ? <QueueButtons track={track} /> : null}
      </div>
    </article>
  );
}

/** The playable tracks of a list of posts, in list order. */
export function playlistOf(posts: CardPost[]): PlayableTrack[] {
  return posts.flatMap((p) => {
    const track = p.kind === "post" ? trackFromPost(p) : null;
    return track ? [track] : [];
  });
}
