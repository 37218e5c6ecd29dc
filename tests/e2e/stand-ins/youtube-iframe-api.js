// Local stand-in for https://www.youtube.com/iframe_api (the real script cannot load here).
// It follows the documented surface: window.YT.Player(element, { videoId, playerVars, events })
// calls onReady, then onStateChange with {data: 1|2|0}, and onError with {data: code}.
// Tests drive it through window.__standIn.
(() => {
  window.__standIn = window.__standIn || { events: [], players: [] };
  const log = window.__standIn;
  class Player {
    constructor(element, options) {
      this.options = options;
      this.time = 0;
      this.volume = 100;
      this.muted = false;
      const frame = document.createElement("div");
      frame.dataset.standIn = "youtube";
      frame.textContent = `YouTube ${options.videoId}`;
      element.replaceWith(frame);
      this.frame = frame;
      log.players.push(this);
      log.events.push({ kind: "youtube:create", videoId: options.videoId, at: performance.now() });
      setTimeout(() => options.events?.onReady?.({ target: this }), 10);
    }
    emit(state) {
      this.options.events?.onStateChange?.({ data: state, target: this });
    }
    fail(code) {
      this.options.events?.onError?.({ data: code, target: this });
    }
    playVideo() {
      log.events.push({ kind: "youtube:play", videoId: this.options.videoId, at: performance.now() });
      this.emit(1);
    }
    pauseVideo() {
      log.events.push({ kind: "youtube:pause", videoId: this.options.videoId, at: performance.now() });
      this.emit(2);
    }
    seekTo(seconds) {
      this.time = seconds;
    }
    setVolume(v) {
      this.volume = v;
    }
    mute() {
      this.muted = true;
    }
    unMute() {
      this.muted = false;
    }
    getCurrentTime() {
      return this.time;
    }
    getDuration() {
      return 180;
    }
    destroy() {
      log.events.push({ kind: "youtube:destroy", videoId: this.options.videoId, at: performance.now() });
      this.frame.remove();
    }
  }
  window.YT = { Player, PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2 } };
  setTimeout(() => window.onYouTubeIframeAPIReady?.(), 0);
})();
