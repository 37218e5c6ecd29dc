import type { WorkerEnv } from "@worker/env";
import { reportServerError } from "@worker/monitoring/report";
import { serveWithRanges } from "./assets";
import { serveFromBucket } from "./bucket";

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

/**
 * /media/audio/*: the MEDIA bucket first (long mixes, any size), then the files of public/
 * (the demo clips). An R2 failure is a 503 the player can retry, never a 500.
 */
export async function serveAudio(request: Request, env: WorkerEnv): Promise<Response | null> {
  const key = audioKey(request.url);
  if (env.MEDIA && key) {
    try {
      const answer = await serveFromBucket(request, env.MEDIA, key);
      if (answer) return answer;
    } catch (error) {
      reportServerError(error, "media: R2 read failed", "warning");
      return new Response("Audio is unavailable right now. Try again in a minute.", {
        status: 503,
        headers: {
          "Retry-After": "60",
          "Cache-Control": "no-store",
          "Content-Type": "text/plain; charset=utf-8",
        },
      });
    }
  }
  const answer = env.ASSETS ? await serveWithRanges(request, env.ASSETS) : null;
  // A file without a waveform: "nothing", not a 404 the browser would log on every play; the
  // player then shows its plain seek bar (docs/decisions/063).
  if ((!answer || answer.status === 404) && key?.endsWith(".peaks.json"))
    return new Response(null, { status: 204, headers: { "Cache-Control": "public, max-age=300" } });
  return answer;
}
