// What the audio elements of a page did and when, for the gap between two tracks
// (bench/gapless.mjs, tests/e2e/gapless.e2e.ts): installed before the page's own scripts run, it
// hooks every HTMLMediaElement the page plays (the player's are never in the document, so their
// events cannot be caught there) and records, per element, "play" calls and the "playing",
// "ended" and "loadstart" events with performance.now() times, in window.__mediaTimeline.

/** The init script (page.addInitScript). */
export const MEDIA_TIMELINE_SCRIPT = `(() => {
  const timeline = [];
  Object.defineProperty(window, "__mediaTimeline", { value: timeline });
  const watched = new WeakSet();
  const watch = (el) => {
    if (watched.has(el)) return;
    watched.add(el);
    for (const type of ["loadstart", "playing", "ended"]) {
      el.addEventListener(type, () => timeline.push({ type, src: el.currentSrc || el.src, t: performance.now() }));
    }
  };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    watch(this);
    timeline.push({ type: "play()", src: this.currentSrc || this.src, t: performance.now() });
    return play.call(this);
  };
  const load = HTMLMediaElement.prototype.load;
  HTMLMediaElement.prototype.load = function () {
    watch(this);
    return load.call(this);
  };
})();`;

/**
 * The gap between the end of the first file and the sound of the second, from a timeline: the
 * first "ended" of `from`, then the first "playing" of `to` after it. Milliseconds, or null.
 */
export function gapBetween(timeline, from, to) {
  const ended = timeline.find((e) => e.type === "ended" && e.src.endsWith(from));
  if (!ended) return null;
  const playing = timeline.find((e) => e.type === "playing" && e.src.endsWith(to) && e.t >= ended.t);
  return playing ? playing.t - ended.t : null;
}
