import type { WorkerEnv } from "@worker/env";
import { reportServerError } from "@worker/monitoring/report";
import { serveWithRanges } from "./assets";
import { serveFromBucket } from "./bucket";
import { peaksFromJson, waveformSvg } from "./waveform-svg";

/** The R2 key of an audio URL: /media/audio/a%20b.mp3 → audio/a b.mp3; null when malformed. */
export function audioKey(url: string): string | null {
  const path = new URL(url).pathname.replace(/^\/media\//, "");
  try {
    const key = decodeURIComponent(path);
    // R2 keys are at most 1024 bytes; a longer one is no file of ours (and R2 would throw).
    const fits = new TextEncoder().encode(key).byteLength <= 1024;
    return fits && key.startsWith("audio/") && key.length > "audio/".length ? key : null;
  } catch {
    return null;
  }
}

/** The MEDIA bucket failed: a 503 the player or the browser may retry, never a 500 or a cached answer. */
export function unavailable(what: "Audio" | "The image"): Response {
  return new Response(`${what} is unavailable right now. Try again in a minute.`, {
    status: 503,
    headers: {
      "Retry-After": "60",
      "Cache-Control": "no-store",
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
}

/**
 * /media/audio/*: the MEDIA bucket first (long mixes, any size), then the files of public/
 * (the demo clips). An R2 failure is a 503 the player can retry, never a 500.
 */
export async function serveAudio(request: Request, env: WorkerEnv): Promise<Response | null> {
  const key = audioKey(request.url);
  if (key?.endsWith(".waveform.svg")) return waveformImage(request, env);
  if (env.MEDIA && key) {
    try {
      const answer = await serveFromBucket(request, env.MEDIA, key);
      if (answer) return answer;
    } catch (error) {
      reportServerError(error, "media: R2 read failed", "warning");
      return unavailable("Audio");
    }
  }
  const answer = env.ASSETS ? await serveWithRanges(request, env.ASSETS) : null;
  // A file without a waveform: "nothing", not a 404 the browser would log on every play; the
  // player then shows its plain seek bar (docs/decisions/063).
  if ((!answer || answer.status === 404) && key?.endsWith(".peaks.json"))
    return new Response(null, { status: 204, headers: { "Cache-Control": "public, max-age=300" } });
  return answer;
}

/**
 * `<name>.waveform.svg`: the file's peaks (`<name>.peaks.json`, from the bucket or public/) drawn
 * as an image for the embeds' progress bar, or a level bar when it has none (./waveform-svg.ts).
 */
async function waveformImage(request: Request, env: WorkerEnv): Promise<Response> {
  const peaksUrl = new URL(request.url.replace(/\.waveform\.svg(\?.*)?$/, ".peaks.json"));
  let peaks: number[] | null = null;
  try {
    const answer = await serveAudio(new Request(peaksUrl), env);
    if (answer?.status === 200) peaks = peaksFromJson(await answer.text());
  } catch (error) {
    reportServerError(error, "media: peaks read failed", "warning");
  }
  return new Response(waveformSvg(peaks), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // A level bar may become a waveform once the peaks are uploaded: not kept long.
      "Cache-Control": peaks ? "public, max-age=86400" : "public, max-age=300",
    },
  });
}
