import { type Chapter, chaptersOf, cueSeconds } from "@core/content/chapters";
import { firstParagraphText } from "@core/content/document";
import { contentContext } from "@core/context";
import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { ArtistName } from "../components/artist-name";
import { DetailCover } from "../components/cover";
import { RouteErrorBoundary } from "../components/error-page";
import { LongText } from "../components/long-text";
import { TaxonLinks } from "../components/taxon-links";
import { formatLongDate } from "../lib/format";
import { absoluteUrl, coverOrPlaceholder } from "../lib/images";
import { missing } from "../lib/missing";
import { pagePreview } from "../lib/preview";
import { redirectIfRenamed } from "../lib/renamed";
import { seo, siteFromMatches } from "../lib/seo";
import { currentTrackAtom } from "../player/atoms";
import { useChapterIndex } from "../player/chapters";
import { PlayButton } from "../player/play-button";
import { QueueButtons } from "../player/queue-buttons";
import { trackFromMixtape } from "../player/tracks";
import { ShareButton } from "../share/share-button";
import { withPlayerCard } from "../share/share-meta";
import { useSharedMoment } from "../share/use-shared-moment";
import type { Route } from "./+types/mixtape";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const content = context.get(contentContext);
  const { catalogue } = content;
  const mixtape = await catalogue.getMixtape(params.id);
  if (!mixtape) throw missing(content, "Mixtape not found");
  redirectIfRenamed(request, params.id, mixtape, (slug) => `/mixtapes/${slug}`);
  // The description's first paragraph, for the share tags: worked out here, on the server, so
  // the page's JavaScript needs nothing of the document model (docs/decisions/149-every-long-text-a-document.md).
  return {
    mixtape,
    summary: firstParagraphText(mixtape.description).slice(0, 200),
    preview: pagePreview(content, "mixtape"),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: "Not found · Crossfade" }];
  const site = siteFromMatches(matches);
  const { mixtape, summary } = data;
  const url = absoluteUrl(site.siteUrl, `/mixtapes/${mixtape.slug}`);
  const tags = seo(site, {
    title: mixtape.title,
    description: summary || `${mixtape.title}, a Crossfade mixtape.`,
    path: `/mixtapes/${mixtape.slug}`,
    noindex: data.preview !== null,
    image: mixtape.coverImage,
    type: "music.playlist",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "MusicPlaylist",
      name: mixtape.title,
      url,
      image: absoluteUrl(site.siteUrl, coverOrPlaceholder(mixtape.coverImage)),
      datePublished: mixtape.releaseDate,
      numTracks: mixtape.trackCount,
      track: mixtape.tracklist.map((t) => ({
        "@type": "MusicRecording",
        name: t.title,
        byArtist: { "@type": "MusicGroup", name: t.artist },
      })),
    },
  });
  return withPlayerCard(tags, site, {
    kind: "mixtapes",
    slug: mixtape.slug,
    title: mixtape.title,
    playable: Boolean(mixtape.audio),
  });
}

const NO_CHAPTERS: Chapter[] = [];

export default function MixtapeDetail({ loaderData }: Route.ComponentProps) {
  const { mixtape } = loaderData;
  const track = trackFromMixtape(mixtape);
  // While this mix plays, its entry playing now is marked (docs/decisions/062).
  const chapters = useMemo(() => chaptersOf(mixtape.tracklist), [mixtape.tracklist]);
  const current = useAtomValue(currentTrackAtom);
  const playingHere = Boolean(track && current?.id === track.id);
  const index = useChapterIndex(playingHere ? chapters : NO_CHAPTERS);
  const nowAt = playingHere ? chapters[index]?.start : undefined;
  // The mixtape plays as one track: `t` counts from its start; `track` alone cues that
  // tracklist entry's start.
  useSharedMoment(({ start, track: n }) => {
    const cue = n ? mixtape.tracklist[n - 1]?.time : undefined;
    const at = start ?? (cue ? cueSeconds(cue) : null);
    return track && at !== null ? { track, at } : null;
  });
  return (
    <article className="container detail">
      <div className="detail__layout">
        <DetailCover src={mixtape.coverImage} alt={`Cover of ${mixtape.title}`} />
        <div className="detail__info">
          <p className="eyebrow">{mixtape.category}</p>
          <h1>{mixtape.title}</h1>
          <p className="detail__artist">
            <ArtistName name={mixtape.artist ?? "Crossfade"} artists={mixtape.artists} />
          </p>
          <dl className="facts">
            <div>
              <dt>Released</dt>
              <dd>
                <time dateTime={mixtape.releaseDate}>{formatLongDate(mixtape.releaseDate)}</time>
              </dd>
            </div>
            <div>
              <dt>Duration</dt>
              <dd>{mixtape.duration}</dd>
            </div>
            <div>
              <dt>Tracks</dt>
              <dd>{mixtape.trackCount}</dd>
            </div>
          </dl>
          <TaxonLinks items={mixtape.genres} base="/blog/genre" label="Genres" />
          <LongText
            doc={mixtape.description}
            owner={{ slug: mixtape.slug, artist: mixtape.artist, numericId: mixtape.id, context: "mixtape" }}
            className="detail__description long-text"
          />
          <p className="button-row">
            {track ? (
              <>
                <PlayButton track={track} label="Play mixtape" /> <QueueButtons track={track} />
              </>
            ) : null}
            <ShareButton item={{ kind: "mixtapes", slug: mixtape.slug, title: mixtape.title }} />
          </p>
          {mixtape.downloadUrl ? (
            <p>
              <a href={mixtape.downloadUrl} className="button button--ghost" download>
                Download mixtape
              </a>
            </p>
          ) : null}
        </div>
      </div>
      <section aria-labelledby="tracklist-heading" className="tracklist">
        <h2 id="tracklist-heading">Tracklist</h2>
        <ol>
          {mixtape.tracklist.map((t) => (
            <li
              key={t.position}
              className="tracklist__row"
              aria-current={t.time && cueSeconds(t.time) === nowAt ? "true" : undefined}
            >
              <span className="tracklist__pos">
                {track && t.time ? (
                  <PlayButton
                    track={track}
                    startAt={cueSeconds(t.time)}
                    className="play-button--icon play-button--ghost"
                    labelOverride={`Play ${mixtape.title} from ${t.artist} – ${t.title}`}
                  />
                ) : (
                  String(t.position).padStart(2, "0")
                )}
              </span>
              <span className="tracklist__title">
                <strong>
                  <ArtistName name={t.artist} artists={t.artists} />
                </strong>{" "}
                – {t.title}
              </span>
              {t.time ? <span className="tracklist__time">{t.time}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
