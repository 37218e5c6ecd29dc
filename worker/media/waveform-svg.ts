/**
 * A waveform as an SVG image, for the embeds (docs/decisions/063): they draw it as a CSS mask over
 * their progress bar, so the played part shows in the accent colour and the rest muted, with no
 * code of their own to fetch or draw peaks (an embed has 20 KB of JavaScript). Without peaks it
 * is a thin level bar, so the same mask draws the plain progress bar.
 */
export function waveformSvg(peaks: readonly number[] | null): string {
  const bars = peaks?.length
    ? peaks
        .map((p, i) => {
          const h = Math.max(Math.min(p, 1), 0.06) * 100;
          return `<rect x="${i + 0.15}" y="${((100 - h) / 2).toFixed(1)}" width="0.7" height="${h.toFixed(1)}"/>`;
        })
        .join("")
    : `<rect x="0" y="44" width="160" height="12" rx="6"/>`;
  const width = peaks?.length || 160;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 100" preserveAspectRatio="none">${bars}</svg>`;
}

/** The peaks of a `.peaks.json` body, or null when it holds none. */
export function peaksFromJson(text: string): number[] | null {
  try {
    const body = JSON.parse(text) as { peaks?: unknown };
    return Array.isArray(body.peaks) && body.peaks.every((p) => typeof p === "number") ? body.peaks : null;
  } catch {
    return null;
  }
}
