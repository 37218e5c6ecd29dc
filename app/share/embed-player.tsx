import {
  currentTrackAtom,
  isPlayingAtom,
  playTrackAtom,
  progressAtom,
  togglePlayAtom,
} from "@app/player/atoms";
import { TimeBar } from "@app/player/on-use/time-bar";
import { pickSource } from "@app/player/tracks";
import type { EmbedOptions } from "@core/share/embed";
import { useAtomValue, useSetAtom } from "jotai";
import { lazy, Suspense, useRef } from "react";
import { Icon } from "../components/icons";
import { coverOrPlaceholder } from "../lib/images";
import type { EmbedCard, EmbedRow } from "./embed-card";

/** The embed card's texts (docs/product.md section 2, Sharing), kept apart from the share dialog's. */
export const EMBED_TEXTS = {
  open: (site: string) => `Open on ${site}`,
  play: "Play",
  pause: "Pause",
  noAudio: "Nothing to play here yet.",
  // The 400 of an embed whose code asks for an option it does not take (app/share/embed-error.tsx).
  badCode: "This player's embed code has a mistake",
  badCodeBody: (problem: string) =>
    `In its address, ${problem}. Copy the embed code again from the Share button of the page.`,
} as const;

// The engine (and the third-party player script) loads with the first Play, as on the site.
const EmbedEngine = lazy(() => import("./on-use/embed-engine").then((m) => ({ default: m.EmbedEngine })));

const PROGRESS_CLASSES = {
  box: "embed__progress",
  time: "embed__time",
  bar: "embed__bar",
  fill: "embed__fill",
};

function Progress() {
  const { position, duration } = useAtomValue(progressAtom);
  return (
    <TimeBar
      position={position}
      duration={duration}
      classes={PROGRESS_CLASSES}
      role="progressbar"
      label="Progress"
    />
  );
}

/**
 * The player card of /embed/* (docs/product.md section 2): cover, titles, play and pause,
 * progress, the tracklist, a link to the full page; `size=compact` is the one row without the
 * tracklist, `theme=light` sits on a light page, `t` is where Play starts (docs/decisions/031).
 * It drives the site's own engines.
 */
export function EmbedPlayer({
  card,
  options,
  waveform,
  siteName,
}: {
  card: EmbedCard;
  options: EmbedOptions;
  /** The first track's waveform image: the progress bar is drawn through it (app/styles/app.css). */
  waveform: string | null;
  siteName: string;
}) {
  const current = useAtomValue(currentTrackAtom);
  const playing = useAtomValue(isPlayingAtom);
  const play = useSetAtom(playTrackAtom);
  const toggle = useSetAtom(togglePlayAtom);
  const mount = useRef<HTMLDivElement>(null);
  const first = card.tracks[0];

  const playRow = (row: EmbedRow) => {
    const track = card.tracks.find((t) => t.id === row.trackId);
    if (track) play({ track, list: card.tracks, startAt: row.startAt });
  };
  const source = current ? pickSource(current) : null;
  const compact = options.size === "compact";

  return (
    <article
      className={`embed embed--${card.kind} embed--${options.size} embed--${options.theme}${waveform ? " embed--wave" : ""}`}
      style={waveform ? ({ "--wave": `url("${waveform}")` } as React.CSSProperties) : undefined}
    >
      <div className="embed__head">
        <img src={coverOrPlaceholder(card.cover)} alt="" width={96} height={96} className="embed__cover" />
        <div className="embed__info">
          <h1 className="embed__title">
            {compact ? (
              // One row has no room for the link of its own: the title leads to the page.
              <a href={card.path} target="_blank" rel="noopener">
                {card.title}
                <span className="visually-hidden"> ({EMBED_TEXTS.open(siteName)})</span>
              </a>
            ) : (
              card.title
            )}
          </h1>
          <p className="embed__artist">{card.artist}</p>
          {first ? (
            <div className="embed__controls">
              <button
                type="button"
                className="icon-button player__play embed__play"
                aria-label={`${playing ? EMBED_TEXTS.pause : EMBED_TEXTS.play} ${card.title}`}
                onClick={() =>
                  current
                    ? toggle()
                    : play({ track: first, list: card.tracks, startAt: options.start ?? undefined })
                }
              >
                <Icon name={playing ? "pause" : "play"} />
              </button>
              <Progress />
            </div>
          ) : (
            <p className="embed__artist">{EMBED_TEXTS.noAudio}</p>
          )}
          {compact ? null : (
            <a href={card.path} target="_blank" rel="noopener" className="embed__link">
              {EMBED_TEXTS.open(siteName)}
            </a>
          )}
        </div>
      </div>
      <div className="embed__video" ref={mount} hidden={!source || source.kind === "mp3"} />
      {current ? (
        <Suspense fallback={null}>
          <EmbedEngine mount={mount} />
        </Suspense>
      ) : null}
      {card.rows.length && !compact ? (
        <ol className="embed__list">
          {card.rows.map((row) => (
            <li key={row.key}>
              <button
                type="button"
                className="embed__row"
                disabled={!row.trackId}
                aria-current={current?.id === row.trackId && row.startAt === undefined ? "true" : undefined}
                onClick={() => playRow(row)}
              >
                <span className="embed__row-title">
                  {row.title}
                  {row.artist ? <span className="muted"> · {row.artist}</span> : null}
                </span>
                {row.time ? <span className="embed__time">{row.time}</span> : null}
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </article>
  );
}
