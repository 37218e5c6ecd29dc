// Local stand-in for https://open.spotify.com/embed/iframe-api/v1: calls
// window.onSpotifyIframeApiReady(IFrameAPI); createController(element, {uri}, cb) gives a
// controller with play/pause/resume/seek/destroy and 'ready' / 'playback_update' events.
(() => {
  window.__standIn = window.__standIn || { events: [], players: [] };
  const log = window.__standIn;
  const IFrameAPI = {
    createController(element, options, callback) {
      const listeners = {};
      const frame = document.createElement("div");
      frame.dataset.standIn = "spotify";
      frame.textContent = options.uri;
      element.replaceWith(frame);
      const state = { isPaused: true, position: 0, duration: 30000 };
      const controller = {
        uri: options.uri,
        addListener(event, fn) {
          listeners[event] = listeners[event] || [];
          listeners[event].push(fn);
        },
        emit(event, data) {
          for (const fn of listeners[event] || []) fn({ data });
        },
        update(patch) {
          Object.assign(state, patch);
          controller.emit("playback_update", { ...state });
        },
        play() {
          log.events.push({ kind: "spotify:play", uri: options.uri, at: performance.now() });
          controller.update({ isPaused: false });
        },
        resume() {
          controller.play();
        },
        pause() {
          log.events.push({ kind: "spotify:pause", uri: options.uri, at: performance.now() });
          controller.update({ isPaused: true });
        },
        togglePlay() {
          controller.update({ isPaused: !state.isPaused });
        },
        seek(seconds) {
          controller.update({ position: seconds * 1000 });
        },
        destroy() {
          log.events.push({ kind: "spotify:destroy", uri: options.uri, at: performance.now() });
          frame.remove();
        },
      };
      log.players.push(controller);
      log.events.push({ kind: "spotify:create", uri: options.uri, at: performance.now() });
      callback(controller);
      setTimeout(() => controller.emit("ready", {}), 10);
    },
  };
  setTimeout(() => window.onSpotifyIframeApiReady?.(IFrameAPI), 0);
})();
