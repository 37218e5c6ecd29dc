import {
  currentTrackAtom,
  isPlayingAtom,
  playTrackAtom,
  progressAtom,
  togglePlayAtom,
} from "@app/player/atoms";
import { formatTime } from "@app/player/on-use/format-time";
import { pickSource } from "@app/player/tracks";
import { useAtomValue, useSetAtom } from "jotai";
import { lazy, Suspense, useRef } from "react";
import { Icon } from "../components/icons";
import { coverOrPlaceholder } from "../lib/images";
import type { EmbedCard, EmbedRow } from "./embed-card";
import { SHARE_TEXTS } from "./texts";
import { useSharedMoment } from "./use-shared-moment";

// The engine (and the third-party player script) loads with the first Play, as on the site.
const EmbedEngine = lazy(() => import("./on-use/embed-engine").then((m) => ({ default: m.EmbedEngine })));

function Progress() {
  const { position, duration } = useAtomValue(progressAtom);
  const percent = duration ? Math.min(100, (position / duration) * 100) : 0;
  return (
    <div className="embed__progress">
      <span className="embed__time">{formatTime(position)}</span>
      <div
        className="embed__bar"
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(position)}
        aria-valuetext={`${formatTime(position)} of ${formatTime(duration)}`}
      >
        <div className="embed__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="embed__time">{formatTime(duration)}</span>
    </div>
  );
}

/**
 * The compact player card of /embed/* (docs/product.md section 2): cover, titles, play and
 * pause, progress, the tracklist, a link to the full page. It drives the site's own engines.
 */
export function EmbedPlayer({ card, siteName }: { card: EmbedCard; siteName: string }) {
  const current = useAtomValue(currentTrackAtom);
  const playing = useAtomValue(isPlayingAtom);
  const play = useSetAtom(playTrackAtom);
  const toggle = useSetAtom(togglePlayAtom);
  const mount = useRef<HTMLDivElement>(null);
  const first = card.tracks[0];
  useSharedMoment(({ start, track }) => {
    const row = track ? card.rows[track - 1] : undefined;
    const picked = card.tracks.find((t) => t.id === row?.trackId) ?? (start ? first : undefined);
    const at = start ?? row?.startAt ?? 0;
    return picked ? { track: picked, list: card.tracks, at } : null;
  });

  const playRow = (row: EmbedRow) => {
    const track = card.tracks.find((t) => t.id === row.trackId);
    if (track) play({ track, list: card.tracks, startAt: row.startAt });
  };
  const source = current ? pickSource(current) : null;
  return (
    <article className={`embed embed--${card.kind}`}>
      <div className="embed__head">
        <img src={coverOrPlaceholder(card.cover)} alt="" width={96} height={96} className="embed__cover" />
        <div className="embed__info">
          <h1 className="embed__title">{card.title}</h1>
          <p className="embed__artist">{card.artist}</p>
          {first ? (
            <div className="embed__controls">
              <button
                type="button"
                className="icon-button embed__play"
                aria-label={`${playing ? SHARE_TEXTS.embedPause : SHARE_TEXTS.embedPlay} ${card.title}`}
                onClick={() => (current ? toggle() : play({ track: first, list: card.tracks }))}
              >
                <Icon name={playing ? "pause" : "play"} />
              </button>
              <Progress />
            </div>
          ) : (
            <p className="embed__artist">{SHARE_TEXTS.embedNoAudio}</p>
          )}
          <a href={card.path} target="_blank" rel="noopener" className="embed__link">
            {SHARE_TEXTS.embedOpen(siteName)}
          </a>
        </div>
      </div>
      <div className="embed__video" ref={mount} hidden={!source || source.kind === "mp3"} />
      {current ? (
        <Suspense fallback={null}>
          <EmbedEngine mount={mount} />
        </Suspense>
      ) : null}
      {card.rows.length ? (
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
