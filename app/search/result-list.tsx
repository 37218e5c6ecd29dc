import type { ArtistHit, SearchResults } from "@core/search/results";
import { TEXTS } from "@core/texts";
import { ListLink } from "../components/app-link";
import { Cover } from "../components/cover";
import { formatLongDate } from "../lib/format";
import { PlayButton } from "../player/play-button";
import { type PlayableTrack, trackFromMixtape, trackFromPost } from "../player/tracks";
import { Highlighted } from "./highlighted";

type PostItem = NonNullable<SearchResults["posts"]>["items"][number];
type MixtapeItem = NonNullable<SearchResults["mixtapes"]>["items"][number];

/** What a post result shows: the page's loader sends only this (docs/decisions/048). */
export type PostResultCard = {
  post: Pick<
    PostItem["post"],
    "slug" | "numericId" | "title" | "artist" | "date" | "category" | "coverImage" | "audio"
  >;
  highlights: PostItem["highlights"];
};
/** What a mixtape result shows. */
export type MixtapeResultCard = {
  mixtape: Pick<
    MixtapeItem["mixtape"],
    "id" | "slug" | "title" | "category" | "coverImage" | "duration" | "trackCount" | "audio"
  >;
  highlights: MixtapeItem["highlights"];
};

export function postResultCard({ post, highlights }: PostItem): PostResultCard {
  const { slug, numericId, title, artist, date, category, coverImage, audio } = post;
  return { post: { slug, numericId, title, artist, date, category, coverImage, audio }, highlights };
}

export function mixtapeResultCard({ mixtape, highlights }: MixtapeItem): MixtapeResultCard {
  const { id, slug, title, category, coverImage, duration, trackCount, audio } = mixtape;
  return { mixtape: { id, slug, title, category, coverImage, duration, trackCount, audio }, highlights };
}

export function PostResults({ items }: { items: PostResultCard[] }) {
  const playlist = items.flatMap(({ post }) => {
    const track = trackFromPost(post);
    return track ? [track] : [];
  });
  return (
    <ol className="results">
      {items.map(({ post, highlights }) => {
        const track = trackFromPost(post);
        return (
          <li key={post.slug} className="result">
            <Cover src={post.coverImage} alt="" place="result" size={160} className="result__cover" />
            <div className="result__body">
              <p className="result__meta">
                <span className="badge">{post.category}</span>{" "}
                <time dateTime={post.date}>{formatLongDate(post.date)}</time>
              </p>
              <h3 className="result__title">
                <ListLink to={`/blog/${post.slug}`}>
                  <Highlighted text={highlights.title} />
                </ListLink>
              </h3>
              <p className="result__artist">
                {highlights.artist ? <Highlighted text={highlights.artist} /> : TEXTS.unknownArtist}
              </p>
              <p className="result__excerpt">
                <Highlighted text={highlights.excerpt} />
              </p>
            </div>
            {track ? <ResultPlay track={track} list={playlist} /> : null}
          </li>
        );
      })}
    </ol>
  );
}

export function MixtapeResults({ items }: { items: MixtapeResultCard[] }) {
  return (
    <ol className="results">
      {items.map(({ mixtape, highlights }) => {
        const track = trackFromMixtape(mixtape);
        return (
          <li key={mixtape.slug} className="result">
            <Cover src={mixtape.coverImage} alt="" place="result" size={160} className="result__cover" />
            <div className="result__body">
              <p className="result__meta">
                <span className="badge">{mixtape.category}</span> {mixtape.duration} · {mixtape.trackCount}{" "}
                tracks
              </p>
              <h3 className="result__title">
                <ListLink to={`/mixtapes/${mixtape.slug}`}>
                  <Highlighted text={highlights.title} />
                </ListLink>
              </h3>
              {highlights.artist ? (
                <p className="result__artist">
                  <Highlighted text={highlights.artist} />
                </p>
              ) : null}
              <p className="result__excerpt">
                <Highlighted text={highlights.excerpt} />
              </p>
            </div>
            {track ? <ResultPlay track={track} /> : null}
          </li>
        );
      })}
    </ol>
  );
}

function ResultPlay({ track, list }: { track: PlayableTrack; list?: PlayableTrack[] }) {
  return <PlayButton track={track} list={list} className="play-button--icon result__play" />;
}

/** Matching artists, listed before the posts and mixtapes, each with its image. */
export function ArtistResults({ items }: { items: ArtistHit[] }) {
  return (
    <ol className="results results--artists">
      {items.map((artist) => (
        <li key={artist.slug} className="result">
          <Cover
            src={artist.image}
            alt=""
            place="result"
            size={160}
            className="result__cover result__cover--artist"
          />
          <div className="result__body">
            <p className="result__meta">
              <span className="badge">{TEXTS.suggestionArtist}</span>
            </p>
            <h3 className="result__title">
              <ListLink to={`/artists/${artist.slug}`}>
                <Highlighted text={artist.highlightedName} />
              </ListLink>
            </h3>
          </div>
        </li>
      ))}
    </ol>
  );
}
