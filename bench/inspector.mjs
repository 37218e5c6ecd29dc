// The Worker's V8 inspector (`wrangler dev --inspector-port`), spoken to over the Chrome DevTools
// protocol: the JavaScript heap of the Worker's isolate (Runtime.getHeapUsage; the live heap after
// full collections; a heap snapshot and a summary of it by constructor), a CPU profile while
// something runs (Profiler.*), and a summary of a profile's costliest functions (self time, and
// time under our own modules).
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
  const listeners = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString());
    if (message.method && !message.id) {
      for (const listener of listeners.get(message.method) ?? []) listener(message.params);
      return;
    }
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
  /** Calls `listener(params)` on each event `method` until the returned function is called. */
  const on = (method, listener) => {
    const set = listeners.get(method) ?? new Set();
    listeners.set(method, set);
    set.add(listener);
    return () => set.delete(listener);
  };
  return {
    send,
    on,
    /**
     * Bytes of the isolate's JavaScript heap in use and allocated (Runtime.getHeapUsage), garbage
     * not yet collected included (bench/load.mjs keeps the floor of the sawtooth per window;
     * `liveHeap()` collects first).
     */
    async heap() {
      const { usedSize, totalSize } = await send("Runtime.getHeapUsage", {}, 10_000);
      return { used: usedSize, total: totalSize };
    },
    /**
     * The isolate's live heap: bytes in use right after full collections. workerd does not answer
     * HeapProfiler.collectGarbage (V8 answers it from a task posted to the isolate's foreground
     * runner; none comes), but V8's sampling heap profiler, started from the
     * inspector, collects all garbage (a full mark-compact) before it hands over a profile, and
     * workerd answers that. Two profiles (getSamplingProfile, then stopSampling), so what one
     * collection leaves for the next (objects freed by the first's finalisers) is gone too; the
     * sampling interval is 1 GiB, so nothing is sampled in between. Under load the reading
     * includes the requests in flight. A reading took 20-30 ms idle, 180-660 ms under load at 50
     * connections, mostly its messages waiting behind requests (bench/decisions/044-live-heap.md).
     */
    async liveHeap() {
      const started = performance.now();
      await send("HeapProfiler.startSampling", { samplingInterval: 2 ** 30 }, 30_000);
      try {
        await send("HeapProfiler.getSamplingProfile", {}, 30_000);
      } finally {
        await send("HeapProfiler.stopSampling", {}, 30_000);
      }
      const { usedSize, totalSize } = await send("Runtime.getHeapUsage", {}, 10_000);
      return { used: usedSize, total: totalSize, ms: Math.round(performance.now() - started) };
    },
    /**
     * A heap snapshot (V8's .heapsnapshot JSON, parsed). V8 collects all available garbage
     * (several full collections) before taking it; the isolate stops for its duration (0.3-0.7 s
     * for this Worker, about 7 MB of JSON).
     */
    async snapshot() {
      const chunks = [];
      const off = on("HeapProfiler.addHeapSnapshotChunk", ({ chunk }) => chunks.push(chunk));
      try {
        await send("HeapProfiler.takeHeapSnapshot", { reportProgress: false }, 120_000);
      } finally {
        off();
      }
      return JSON.parse(chunks.join(""));
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

/**
 * A heap snapshot summed by constructor: { total, groups: Map(key → { count, size }) } where the
 * key is the constructor's name for objects and closures (`Foo`, `fn()`) and the node type in
 * parentheses for everything else (`(string)`, `(array)`, `(code)`, …), sizes being self sizes.
 */
export function summariseSnapshot(snapshot) {
  const { node_fields: fields, node_types: types } = snapshot.snapshot.meta;
  const stride = fields.length;
  const at = (name) => fields.indexOf(name);
  const [typeAt, nameAt, sizeAt] = [at("type"), at("name"), at("self_size")];
  const typeNames = types[typeAt];
  const groups = new Map();
  let total = 0;
  for (let i = 0; i < snapshot.nodes.length; i += stride) {
    const type = typeNames[snapshot.nodes[i + typeAt]];
    const size = snapshot.nodes[i + sizeAt];
    const name = snapshot.strings[snapshot.nodes[i + nameAt]];
    const key = type === "object" ? name : type === "closure" ? `${name || "(anonymous)"}()` : `(${type})`;
    const group = groups.get(key) ?? { count: 0, size: 0 };
    group.count++;
    group.size += size;
    groups.set(key, group);
    total += size;
  }
  return { total, groups };
}

/** What grew from one snapshot summary to the next: the `top` groups by size added, then by count. */
export function snapshotGrowth(before, after, { top = 15 } = {}) {
  const rows = [...after.groups].map(([key, g]) => {
    const b = before.groups.get(key) ?? { count: 0, size: 0 };
    return { key, count: g.count - b.count, size: g.size - b.size, countAfter: g.count, sizeAfter: g.size };
  });
  for (const [key, b] of before.groups) {
    if (!after.groups.has(key))
      rows.push({ key, count: -b.count, size: -b.size, countAfter: 0, sizeAfter: 0 });
  }
  return {
    total: after.total - before.total,
    bySize: [...rows].sort((a, b) => b.size - a.size).slice(0, top),
    byCount: [...rows].sort((a, b) => b.count - a.count).slice(0, top),
  };
}
