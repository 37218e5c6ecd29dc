// The Worker's V8 inspector (`wrangler dev --inspector-port`), spoken to over the Chrome DevTools
// protocol: the JavaScript heap of the Worker's isolate (Runtime.getHeapUsage), a CPU profile while something runs (Profiler.*), and a summary of
// a profile's costliest functions (self time, and time under our own modules).
import WebSocket from "ws";

/** Connects to the first target the inspector lists (wrangler lists the Worker's isolate). */
export async function connectInspector(port, { timeoutMs = 15_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let target;
  while (!target) {
    try {
      const list = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
      target = list.find((t) => t.webSocketDebuggerUrl);
    } catch {
      // not up yet
    }
    if (!target) {
      if (Date.now() > deadline) throw new Error(`no inspector target on port ${port}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const socket = new WebSocket(target.webSocketDebuggerUrl, {
    perMessageDeflate: false,
    maxPayload: 1 << 30,
  });
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let next = 1;
  const waiting = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString());
    const pending = message.id && waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(`${pending.method}: ${message.error.message}`));
    else pending.resolve(message.result);
  });
  // workerd leaves some methods unanswered (HeapProfiler.collectGarbage): nothing waits forever.
  const send = (method, params = {}, timeoutMs = 30_000) =>
    new Promise((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`${method}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      const settle = (fn) => (value) => {
        clearTimeout(timer);
        fn(value);
      };
      waiting.set(id, { resolve: settle(resolve), reject: settle(reject), method });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    send,
    /**
     * Bytes of the isolate's JavaScript heap in use and allocated (Runtime.getHeapUsage). workerd
     * does not answer HeapProfiler.collectGarbage, so what the isolate retains is read as the
     * floor of the heap's sawtooth over a window of samples (bench/load.mjs).
     */
    async heap() {
      const { usedSize, totalSize } = await send("Runtime.getHeapUsage", {}, 10_000);
      return { used: usedSize, total: totalSize };
    },
    /** A CPU profile (V8's format) of whatever the Worker runs while `during()` runs. */
    async profile(during, { intervalUs = 200 } = {}) {
      await send("Profiler.enable");
      await send("Profiler.setSamplingInterval", { interval: intervalUs });
      await send("Profiler.start");
      let failure;
      try {
        await during();
      } catch (error) {
        failure = error;
      }
      const { profile } = await send("Profiler.stop");
      if (failure) throw failure;
      return profile;
    },
    close: () => socket.close(),
  };
}

/**
 * The costliest functions of a V8 CPU profile: self time per function (name and file), and the
 * share of the samples spent under each of our own modules and each dependency (inclusive).
 */
export function summariseProfile(profile, { top = 15 } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const counts = new Map();
  for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
  const total = profile.samples.length || 1;
  const idle = new Set(["(idle)", "(program)", "(garbage collector)"]);
  const self = new Map();
  const inclusive = new Map();
  let busy = 0;
  let gc = 0;
  for (const [id, count] of counts) {
    const node = byId.get(id);
    const name = node.callFrame.functionName;
    if (name === "(garbage collector)") gc += count;
    if (name === "(idle)") continue;
    busy += count;
    const key = frameKey(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + count);
    // Inclusive by module: each module counted once per sample.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at).callFrame;
      if (idle.has(frame.functionName) || frame.functionName === "(root)") continue;
      const module = moduleOf(frame.url);
      if (seen.has(module)) continue;
      seen.add(module);
      inclusive.set(module, (inclusive.get(module) ?? 0) + count);
    }
  }
  const pct = (n) => `${((100 * n) / total).toFixed(1)}%`;
  return {
    samples: total,
    busy: pct(busy),
    gc: pct(gc),
    self: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, n]) => [fn, pct(n)]),
    modules: [...inclusive]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([m, n]) => [m, pct(n)]),
  };
}

function frameKey({ functionName, url, lineNumber }) {
  const file = url ? url.split("/").slice(-2).join("/") : "";
  return `${functionName || "(anonymous)"} ${file ? `(${file}:${lineNumber + 1})` : ""}`.trim();
}

/** Which package or source folder a script URL belongs to (bundled: the source-less chunk name). */
function moduleOf(url) {
  if (!url) return "(native)";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  return url.split("/").slice(-2).join("/");
}

/** Markdown lines for a summary. */
export function profileLines(title, summary) {
  return [
    `### ${title}`,
    "",
    `${summary.samples} samples; busy ${summary.busy} (GC ${summary.gc}).`,
    "",
    "| Self time | Function |",
    "| ---: | --- |",
    ...summary.self.map(([fn, p]) => `| ${p} | \`${fn.replaceAll("|", "\\|")}\` |`),
    "",
  ];
}
