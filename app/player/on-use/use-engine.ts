import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useRef } from "react";
import {
  currentTrackAtom,
  isPlayingAtom,
  MOBILE_BREAKPOINT,
  mutedAtom,
  playGenerationAtom,
  reportFailureAtom,
  reportPlayingAtom,
  reportProgressAtom,
  seekRequestAtom,
  trackEndedAtom,
  upNextAtom,
  volumeAtom,
} from "../atoms";
import { loadEngine } from "../load-engine";
import { pickSource } from "../tracks";
import type { Engine, EngineEvents, EngineFactory } from "./engines/types";

/** docs/product.md section 4: switching between streaming tracks stops one, waits 200 ms, starts the next. */
export const SWITCH_DELAY_MS = 200;

/**
 * Drives the engine for the current track: loads it when the track changes, follows play,
 * pause, volume and seek requests, and reports what the engine does back into the atoms.
 */
export function useEngine(mount: React.RefObject<HTMLElement | null>) {
  const track = useAtomValue(currentTrackAtom);
  const generation = useAtomValue(playGenerationAtom);
  const playing = useAtomValue(isPlayingAtom);
  const volume = useAtomValue(volumeAtom);
  const muted = useAtomValue(mutedAtom);
  const seekRequest = useAtomValue(seekRequestAtom);
  const reportPlaying = useSetAtom(reportPlayingAtom);
  const reportProgress = useSetAtom(reportProgressAtom);
  const reportFailure = useSetAtom(reportFailureAtom);
  const ended = useSetAtom(trackEndedAtom);

  const engine = useRef<Engine | null>(null);
  const ready = useRef(false);
  const latest = useRef({ playing, volume, muted, seekRequest });
  latest.current = { playing, volume, muted, seekRequest };

  // Load a new engine whenever a track starts (a new track, or the same one again: the
  // generation changes even when the track object does not).
  useEffect(() => {
    if (!track) return;
    const source = pickSource(track);
    if (!source) {
      console.warn(`Track "${track.title}" has no audio source.`);
      reportFailure("This track can't be played.");
      return;
    }
    let cancelled = false;
    const events: EngineEvents = {
      onPlaying: () => !cancelled && reportPlaying(true),
      onPaused: () => !cancelled && reportPlaying(false),
      onEnded: () => !cancelled && ended(window.innerWidth),
      onProgress: (position, duration) => !cancelled && reportProgress({ position, duration }),
      onError: (message) => !cancelled && reportFailure(message),
    };
    const previous = engine.current;
    engine.current = null;
    ready.current = false;
    previous?.destroy();
    const start = async () => {
      if (cancelled) return;
      let create: EngineFactory;
      try {
        create = await loadEngine[source.kind]();
      } catch (error) {
        console.warn("Player engine failed to load", error);
        if (!cancelled) reportFailure("This track can't be played right now.");
        return;
      }
      if (cancelled) return;
      const next = create(events);
      engine.current = next;
      const autoplay = latest.current.playing;
      const startSeek = latest.current.seekRequest;
      try {
        await next.load(source.url, {
          autoplay,
          volume: latest.current.volume,
          muted: latest.current.muted,
          startAt: startSeek?.to,
          mount: mount.current,
          isMobile: window.innerWidth < MOBILE_BREAKPOINT,
        });
        if (cancelled) return;
        ready.current = true;
        // Pause (or play) pressed while the track loaded wins over what load() was told: the
        // effect below ignored it then, as there was nothing to pause yet.
        if (latest.current.playing !== autoplay) {
          if (latest.current.playing) next.play();
          else next.pause();
        }
        // Likewise a seek made while it loaded (the slider works once the duration is known,
        // which can be before load() resolves): the seek effect skipped it.
        const seekNow = latest.current.seekRequest;
        if (seekNow && seekNow !== startSeek) next.seek(seekNow.to);
      } catch (error) {
        console.warn("Player engine failed to load", error);
        if (!cancelled) reportFailure("This track can't be played right now.");
      }
    };
    // A streaming source gets a 200 ms gap after the previous one stops (docs/product.md section 4).
    const timer = previous && source.kind !== "mp3" ? setTimeout(start, SWITCH_DELAY_MS) : undefined;
    if (!timer) void start();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [track, generation, mount, reportPlaying, reportProgress, reportFailure, ended]);

  // Fetch the track up next ahead, once this one plays, so it starts without a gap when this one
  // ends (docs/decisions/061). Only an engine kind that can (MP3) does; embeds stream as before.
  const upNext = useAtomValue(upNextAtom);
  useEffect(() => {
    const source = upNext ? pickSource(upNext) : null;
    if (!playing || !source || source.kind !== "mp3") return;
    void loadEngine.mp3().then((factory) => factory.preload?.(source.url));
  }, [upNext, playing]);

  // Follow play and pause.
  useEffect(() => {
    if (!ready.current) return;
    if (playing) engine.current?.play();
    else engine.current?.pause();
  }, [playing]);

  useEffect(() => engine.current?.setVolume(volume, muted), [volume, muted]);

  useEffect(() => {
    if (seekRequest && ready.current) engine.current?.seek(seekRequest.to);
  }, [seekRequest]);

  // No track: tear everything down.
  useEffect(() => {
    if (track) return;
    engine.current?.destroy();
    engine.current = null;
  }, [track]);

  useEffect(() => () => engine.current?.destroy(), []);
}
