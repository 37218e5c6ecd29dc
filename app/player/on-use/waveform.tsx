import { useMemo } from "react";
import { type PlayableTrack, pickSource } from "../tracks";
import { useFetched } from "./use-fetched";

/** The waveform file beside a site-hosted MP3 (scripts/peaks.ts), or null for any other source. */
export function peaksUrl(audio: string): string | null {
  if (!audio.startsWith("/media/audio/") || !/\.mp3$/i.test(audio)) return null;
  return audio.replace(/\.mp3$/i, ".peaks.json");
}

/** A peaks file's peaks; null for any other body (the Worker answers 204 for a file without). */
function readPeaks(body: unknown): number[] | null {
  const peaks = (body as { peaks?: unknown } | null)?.peaks;
  return Array.isArray(peaks) && peaks.every((p) => typeof p === "number") ? peaks : null;
}

/**
 * The waveform of the track that plays, computed ahead of time and kept beside its file
 * (docs/decisions/063); null while it loads, for other sources and for files without one: the
 * player then draws its plain bar.
 */
export function usePeaks(track: PlayableTrack | null): number[] | null {
  const source = track ? pickSource(track) : null;
  return useFetched(source?.kind === "mp3" ? peaksUrl(source.url) : null, readPeaks, null);
}

/**
 * The bars of a waveform, twice: all of them, and over them the played part (clipped at
 * `played` percent) in the accent colour. Decorative: the slider around it says where it is.
 */
export function Waveform({ peaks, played }: { peaks: readonly number[]; played: number }) {
  const bars = useMemo(
    () =>
      peaks.map((p, i) => {
        const h = Math.max(p, 0.06) * 100;
        return <rect key={i} x={i + 0.15} y={(100 - h) / 2} width={0.7} height={h} />;
      }),
    [peaks],
  );
  const box = `0 0 ${peaks.length} 100`;
  return (
    <>
      <svg className="waveform" viewBox={box} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        {bars}
      </svg>
      <svg
        className="waveform waveform--played"
        viewBox={box}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
        style={{ clipPath: `inset(0 ${100 - played}% 0 0)` }}
      >
        {bars}
      </svg>
    </>
  );
}
