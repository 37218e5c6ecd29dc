// Local stand-in for https://w.soundcloud.com/player/api.js: SC.Widget(iframe) with bind(),
// play(), pause(), seekTo(), setVolume(), getDuration() and SC.Widget.Events.
(() => {
  window.__standIn = window.__standIn || { events: [], players: [] };
  const log = window.__standIn;
  const Events = {
    READY: "ready",
    PLAY: "play",
    PAUSE: "pause",
    FINISH: "finish",
    PLAY_PROGRESS: "playProgress",
    ERROR: "error",
  };
  function Widget(iframe) {
    const listeners = {};
    const url = new URL(iframe.src).searchParams.get("url");
    // The iframe would load soundcloud.com: keep it blank here.
    iframe.removeAttribute("src");
    iframe.dataset.standIn = "soundcloud";
    const widget = {
      url,
      bind(event, fn) {
        listeners[event] = listeners[event] || [];
        listeners[event].push(fn);
      },
      emit(event, payload) {
        for (const fn of listeners[event] || []) fn(payload);
      },
      play() {
        log.events.push({ kind: "soundcloud:play", url, at: performance.now() });
        widget.emit(Events.PLAY);
      },
      pause() {
        log.events.push({ kind: "soundcloud:pause", url, at: performance.now() });
        widget.emit(Events.PAUSE);
      },
      seekTo() {},
      setVolume() {},
      getDuration(cb) {
        cb(200000);
      },
    };
    log.players.push(widget);
    log.events.push({ kind: "soundcloud:create", url, at: performance.now() });
    setTimeout(() => widget.emit(Events.READY), 10);
    return widget;
  }
  Widget.Events = Events;
  window.SC = { Widget };
})();
