import { firstParagraphText } from "@core/content/document";
import { contentContext } from "@core/context";
import { ArtistName } from "../components/artist-name";
import { DetailCover } from "../components/cover";
import { RouteErrorBoundary } from "../components/error-page";
import { LongText } from "../components/long-text";
import { formatLongDate } from "../lib/format";
import { absoluteUrl, coverOrPlaceholder } from "../lib/images";
import { missing } from "../lib/missing";
import { pagePreview } from "../lib/preview";
import { redirectIfRenamed } from "../lib/renamed";
import { seo, siteFromMatches } from "../lib/seo";
import { PlayButton } from "../player/play-button";
import { QueueButtons } from "../player/queue-buttons";
import { type PlayableTrack, releaseTrackId, tracksFromRelease } from "../player/tracks";
import { ShareButton } from "../share/share-button";
import { withPlayerCard } from "../share/share-meta";
import { useSharedMoment } from "../share/use-shared-moment";
import type { Route } from "./+types/release";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const content = context.get(contentContext);
  const { catalogue } = content;
  const release = await catalogue.getRelease(params.id);
  if (!release) throw missing(content, "Release not found");
  redirectIfRenamed(request, params.id, release, (slug) => `/releases/${slug}`);
  // The description's first paragraph, for the share tags, worked out on the server (as a mix's).
  return {
    release,
    summary: firstParagraphText(release.description).slice(0, 200),
    preview: pagePreview(content, "release"),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: "Not found · Crossfade" }];
  const site = siteFromMatches(matches);
  const { release, summary } = data;
  const url = absoluteUrl(site.siteUrl, `/releases/${release.slug}`);
  const tags = seo(site, {
    title: `${release.artist} – ${release.title}`,
    description: summary || `${release.releaseType} by ${release.artist}.`,
    path: `/releases/${release.slug}`,
    noindex: data.preview !== null,
    image: release.artwork,
    type: "music.album",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "MusicAlbum",
      name: release.title,
      url,
      image: absoluteUrl(site.siteUrl, coverOrPlaceholder(release.artwork)),
      datePublished: release.releaseDate,
      byArtist: { "@type": "MusicGroup", name: release.artist },
      catalogNumber: release.catalogNumber ?? undefined,
      numTracks: release.tracks.length,
      track: release.tracks.map((t) => ({
        "@type": "MusicRecording",
        name: t.title,
        position: t.trackNumber,
        byArtist: { "@type": "MusicGroup", name: t.artist ?? release.artist },
      })),
    },
  });
  return withPlayerCard(tags, site, {
    kind: "releases",
    slug: release.slug,
    title: `${release.artist} – ${release.title}`,
    playable: release.tracks.some((t) => t.audioUrl),
  });
}

export default function ReleaseDetail({ loaderData }: Route.ComponentProps) {
  const { release } = loaderData;
  const primary = release.tracks.find((t) => t.isPrimary) ?? release.tracks[0];
  const links = Object.entries(release.purchaseLinks);
  const tracks = tracksFromRelease(release);
  const playable = new Map(tracks.map((t) => [t.id, t]));
  // "Play release" starts at the lead track; the queue keeps the release's order from there.
  const lead = (primary && playable.get(releaseTrackId(release.id, primary.trackNumber))) || tracks[0];
  // `track` picks a track by its number (a track without audio is ignored); `t` alone cues the
  // track "Play release" starts with.
  useSharedMoment(({ start, track: n }) => {
    const picked =
      (n ? playable.get(releaseTrackId(release.id, n)) : undefined) ?? (start ? lead : undefined);
    return picked ? { track: picked, list: tracks, at: start ?? 0 } : null;
  });
  return (
    <article className="container detail">
      <div className="detail__layout">
        <DetailCover src={release.artwork} alt={`Artwork of ${release.title}`} />
        <div className="detail__info">
          <p className="eyebrow">
            {release.releaseType}
            {release.catalogNumber ? ` · ${release.catalogNumber}` : ""}
          </p>
          <h1>{release.title}</h1>
          <p className="detail__artist">
            <ArtistName name={release.artist} artists={release.artists} />
          </p>
          <dl className="facts">
            <div>
              <dt>Released</dt>
              <dd>
                <time dateTime={release.releaseDate}>{formatLongDate(release.releaseDate)}</time>
              </dd>
            </div>
            {release.totalDuration ? (
              <div>
                <dt>Length</dt>
                <dd>{release.totalDuration}</dd>
              </div>
            ) : null}
            {release.catalogNumber ? (
              <div>
                <dt>Catalogue</dt>
                <dd>{release.catalogNumber}</dd>
              </div>
            ) : null}
          </dl>
          {primary ? (
            <p className="detail__primary">
              Lead track: <strong>{primary.title}</strong>
            </p>
          ) : null}
          <p className="button-row">
            {lead ? <PlayButton track={lead} list={tracks} label="Play release" /> : null}
            <ShareButton
              item={{ kind: "releases", slug: release.slug, title: `${release.artist} – ${release.title}` }}
            />
          </p>
          <LongText
            doc={release.description}
            owner={{ slug: release.slug, artist: release.artist, numericId: release.id, context: "release" }}
            className="detail__description long-text"
          />
          {links.length ? (
            <section aria-labelledby="buy-heading">
              <h2 id="buy-heading" className="detail__subheading">
                Buy
              </h2>
              <ul className="buy-links">
                {links.map(([name, url]) => (
                  <li key={name}>
                    <a href={url} className="button button--ghost" rel="noopener" target="_blank">
                      {name}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
      <section aria-labelledby="tracks-heading" className="tracklist">
        <h2 id="tracks-heading">Tracks</h2>
        <ol>
          {release.tracks.map((t) => (
            <li key={t.trackNumber} className="tracklist__row">
              <span className="tracklist__pos">
                {playable.has(releaseTrackId(release.id, t.trackNumber)) ? (
                  <PlayButton
                    track={playable.get(releaseTrackId(release.id, t.trackNumber)) as PlayableTrack}
                    list={tracks}
                    className="play-button--icon play-button--ghost"
                  />
                ) : (
                  String(t.trackNumber).padStart(2, "0")
                )}
              </span>
              <span className="tracklist__title">
                {t.title}
                {t.artist && t.artist !== release.artist ? (
                  <span className="muted">
                    {" · "}
                    <ArtistName name={t.artist} artists={t.artists} />
                  </span>
                ) : null}
                {t === primary ? <span className="badge badge--muted">Lead</span> : null}
              </span>
              {playable.has(releaseTrackId(release.id, t.trackNumber)) ? (
                <QueueButtons
                  track={playable.get(releaseTrackId(release.id, t.trackNumber)) as PlayableTrack}
                />
              ) : null}
              {t.duration ? <span className="tracklist__time">{t.duration}</span> : null}
            </li>
          ))}
        </ol>
      </section>
      {release.credits.length ? (
        <section aria-labelledby="credits-heading" className="credits">
          <h2 id="credits-heading">Credits</h2>
          <LongText doc={release.credits} className="long-text" />
        </section>
      ) : null}
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
