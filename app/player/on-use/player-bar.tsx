import { AppLink } from "@app/components/app-link";
import { Icon } from "@app/components/icons";
import { coverOrPlaceholder } from "@app/lib/images";
import { ShareButton } from "@app/share/share-button";
import { KIND_OF_CONTEXT } from "@app/share/share-item";
import type { Chapter } from "@core/content/chapters";
import { useAtomValue, useSetAtom } from "jotai";
import { lazy, Suspense, useRef, useState } from "react";
import {
  currentTrackAtom,
  failureAtom,
  isPlayingAtom,
  mutedAtom,
  nextTrackAtom,
  previousTrackAtom,
  progressAtom,
  seekAtom,
  setVolumeAtom,
  toggleMuteAtom,
  togglePlayAtom,
  trackListAtom,
  VOLUME_STEP,
  videoOpenAtom,
  volumeAtom,
} from "../atoms";
import { useChapterIndex } from "../chapters";
import { type PlayableTrack, pickSource, trackHref } from "../tracks";
import { PLAYER_ICONS, type PlayerIcon } from "./player-icons";
import { TimeBar } from "./time-bar";
import { useChapters } from "./use-chapters";
import { useEngine } from "./use-engine";
import { useMediaSession } from "./use-media-session";
import { SEEK_STEP_SECONDS, useShortcuts } from "./use-shortcuts";
import { usePeaks, Waveform } from "./waveform";

const loadQueuePanel = () => import("./queue-panel");
// The queue panel is code most listeners never open: its own chunk, fetched on first use.
const QueuePanel = lazy(() => loadQueuePanel().then((m) => ({ default: m.QueuePanel })));

/** Opens and closes the queue; the count says how long the list is. */
function QueueToggle({ open, onToggle, count }: { open: boolean; onToggle: () => void; count: number }) {
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      aria-expanded={open}
      aria-controls="player-queue"
      onPointerEnter={() => void loadQueuePanel()}
      onFocus={() => void loadQueuePanel()}
      onClick={onToggle}
    >
      Queue<span className="player__count"> ({count})</span>
    </button>
  );
}

const SEEK_CLASSES = {
  box: "player__seek",
  time: "player__time",
  bar: "player__track",
  fill: "player__fill",
};

/** The accessible seek slider: role slider, arrow keys, "0:30 of 2:00". */
function SeekSlider({ peaks }: { peaks: readonly number[] | null }) {
  const { position, duration } = useAtomValue(progressAtom);
  const seek = useSetAtom(seekAtom);
  const max = Math.max(duration, 0);
  const onKeyDown = (event: React.KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: position - SEEK_STEP_SECONDS,
      ArrowDown: position - SEEK_STEP_SECONDS,
      ArrowRight: position + SEEK_STEP_SECONDS,
      ArrowUp: position + SEEK_STEP_SECONDS,
      Home: 0,
      End: max,
    };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      seek(to);
    }
  };
  const onPointer = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!max) return;
    const rect = event.currentTarget.getBoundingClientRect();
    seek(((event.clientX - rect.left) / rect.width) * max);
  };
  return (
    <TimeBar
      position={position}
      duration={max}
      classes={SEEK_CLASSES}
      role="slider"
      label="Seek"
      control={{ tabIndex: 0, onKeyDown, onPointerDown: onPointer }}
      wave={
        peaks ? (
          <Waveform peaks={peaks} played={max ? Math.min(100, (position / max) * 100) : 0} />
        ) : undefined
      }
    />
  );
}

function VolumeControl() {
  const volume = useAtomValue(volumeAtom);
  const muted = useAtomValue(mutedAtom);
  const setVolume = useSetAtom(setVolumeAtom);
  const toggleMute = useSetAtom(toggleMuteAtom);
  return (
    <div className="player__volume">
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-pressed={muted}
        aria-label={muted ? "Unmute" : "Mute"}
        onClick={() => toggleMute()}
      >
        <Icon d={PLAYER_ICONS[muted || volume === 0 ? "volumeOff" : "volume"]} />
      </button>
      <label className="visually-hidden" htmlFor="player-volume">
        Volume
      </label>
      <input
        id="player-volume"
        type="range"
        min={0}
        max={1}
        step={VOLUME_STEP}
        value={muted ? 0 : volume}
        onChange={(e) => setVolume(Number(e.currentTarget.value))}
        aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)}%`}
      />
    </div>
  );
}

/** Previous or next track in the page's list (disabled when it holds one track). */
function SkipButton({
  label,
  icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: PlayerIcon;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="icon-button icon-button--small"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon d={PLAYER_ICONS[icon]} />
    </button>
  );
}

/** "Now: Artist – Title" while a mix plays one of its chapters (docs/decisions/062). */
function ChapterNow({ chapters, place }: { chapters: readonly Chapter[]; place: "info" | "main" }) {
  const index = useChapterIndex(chapters);
  const chapter = chapters[index];
  // Beside the title on a wide screen, across the bar on a narrow one (app/styles/app.css).
  return chapter ? (
    <span className={`player__chapter player__chapter--${place}`}>Now: {chapter.title}</span>
  ) : null;
}

/** Previous and next chapter of a mix: to the start of the one before or after the one playing. */
function ChapterButtons({ chapters }: { chapters: readonly Chapter[] }) {
  const index = useChapterIndex(chapters);
  const seek = useSetAtom(seekAtom);
  const to = (i: number) => {
    const chapter = chapters[i];
    if (chapter) seek(chapter.start);
  };
  return (
    <>
      <SkipButton label="Previous chapter" icon="rewind" disabled={index < 1} onClick={() => to(index - 1)} />
      <SkipButton
        label="Next chapter"
        icon="forward"
        disabled={index >= chapters.length - 1}
        onClick={() => to(index + 1)}
      />
    </>
  );
}

/** The current track's page, for the player's Share button (docs/decisions/031). */
function shareItem(track: PlayableTrack) {
  return { kind: KIND_OF_CONTEXT[track.context], slug: track.postSlug, title: track.title };
}

/** The fixed bottom player, mounted by PlayerHost while a track is current (docs/product.md section 2). */
export function PlayerBar() {
  const track = useAtomValue(currentTrackAtom);
  const playing = useAtomValue(isPlayingAtom);
  const failure = useAtomValue(failureAtom);
  const list = useAtomValue(trackListAtom);
  const videoOpen = useAtomValue(videoOpenAtom);
  const setVideoOpen = useSetAtom(videoOpenAtom);
  const toggle = useSetAtom(togglePlayAtom);
  const next = useSetAtom(nextTrackAtom);
  const previous = useSetAtom(previousTrackAtom);
  const mount = useRef<HTMLDivElement>(null);
  const [queueOpen, setQueueOpen] = useState(false);

  const chapters = useChapters(track);
  const peaks = usePeaks(track);
  useEngine(mount);
  useShortcuts(chapters);
  useMediaSession(chapters);

  // Embeds (YouTube, SoundCloud, Spotify) need the floating panel; MP3 plays without one.
  const source = track ? pickSource(track) : null;
  const embed = source !== null && source.kind !== "mp3";
  return (
    <>
      <section
        className={`video-panel${videoOpen ? "" : " video-panel--minimized"}`}
        aria-label="Video"
        hidden={!track || !embed}
      >
        <div className="video-panel__frame" ref={mount} />
      </section>
      {track ? (
        <section className="player" aria-label="Audio player">
          <AppLink to={trackHref(track)} className="player__info" title="Open the track's page">
            <img
              src={coverOrPlaceholder(track.thumbnail)}
              alt=""
              width={48}
              height={48}
              className="player__thumb"
            />
            <span className="player__text">
              <span className="player__title">{track.title}</span>
              <span className="player__artist">{track.artist}</span>
              <ChapterNow chapters={chapters} place="info" />
            </span>
          </AppLink>
          <div className="player__main">
            <div className="player__buttons">
              <SkipButton
                label="Previous track"
                icon="previous"
                disabled={list.length < 2}
                onClick={() => previous(window.innerWidth)}
              />
              <button
                type="button"
                className="icon-button player__play"
                aria-label={playing ? "Pause" : "Play"}
                onClick={() => toggle()}
              >
                <Icon name={playing ? "pause" : "play"} />
              </button>
              <SkipButton
                label="Next track"
                icon="next"
                disabled={list.length < 2}
                onClick={() => next(window.innerWidth)}
              />
              {chapters.length ? <ChapterButtons chapters={chapters} /> : null}
            </div>
            <ChapterNow chapters={chapters} place="main" />
            <SeekSlider peaks={peaks} />
            {failure ? (
              <p className="player__failure" role="alert">
                {failure}
              </p>
            ) : null}
          </div>
          <div className="player__side">
            <QueueToggle open={queueOpen} onToggle={() => setQueueOpen(!queueOpen)} count={list.length} />
            <VolumeControl />
            <ShareButton item={shareItem(track)} className="button button--ghost button--small" />
            {embed ? (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setVideoOpen(!videoOpen)}
              >
                {videoOpen ? "Hide Video" : "Show Video"}
              </button>
            ) : null}
          </div>
        </section>
      ) : null}
      {track && queueOpen ? (
        <Suspense fallback={null}>
          <QueuePanel id="player-queue" onClose={() => setQueueOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
