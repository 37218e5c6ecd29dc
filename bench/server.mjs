// The benchmarks' server: the production build under `wrangler dev` on 127.0.0.1, with its own
// seeded database, plus helpers to find the workerd process that runs the Worker.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { join } from "node:path";
import { prepareDatabase, ROOT, serve } from "../scripts/lib.mjs";

export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 8898);
export const PERSIST_TO = join(ROOT, "tests", ".artifacts", "bench-state");
/** A desktop browser: isbot() would make a headless or missing user agent wait for allReady. */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
/** `wrangler dev` gzips, and so buffers, what a client accepts compressed: ask for identity. */
export const HEADERS = { "Accept-Encoding": "identity", "User-Agent": BROWSER_UA };

/**
 * Seeds a fresh database once per process, then serves the build (or a variant of its config)
 * on a copy of it of its own: several `wrangler dev` on one local state share one SQLite file,
 * which no deployment does, and /api/search answered 503 in warm-ups that followed the
 * uncached server's load on the same file (bench/results.md "Throughput floors and what failed").
 */
let prepared = false;
export async function startServer({ port = BENCH_PORT, config, inspectorPort, vars } = {}) {
  if (!prepared) {
    rmSync(PERSIST_TO, { recursive: true, force: true });
    prepareDatabase(PERSIST_TO);
    prepared = true;
  }
  const own = `${PERSIST_TO}-${port}`;
  rmSync(own, { recursive: true, force: true });
  cpSync(PERSIST_TO, own, { recursive: true });
  return serve({ port, persistTo: own, stdio: "ignore", config, inspectorPort, vars });
}

/** The same build with the page cache off: every page request renders (content from KV). */
export function startRenderingServer() {
  return startServer({ port: BENCH_PORT + 2, vars: { PAGE_CACHE: "off" } });
}

/**
 * The same build with error reporting on: SENTRY_DSN points at a local sink that accepts every
 * envelope, so each request pays for its trace (docs/product.md section 9: sample rate 1) as it
 * would in production. The sink counts what arrives (`sink.counts()`: envelopes, transaction and
 * event items, and envelopes holding more than one of them), so a benchmark can check that no
 * transaction was lost or merged while it measured.
 */
export async function startReportingServer({ port = BENCH_PORT + 3, inspectorPort } = {}) {
  const sink = await startSink();
  const server = await startServer({ port, inspectorPort, vars: { SENTRY_DSN: sink.dsn } });
  return {
    ...server,
    sink,
    stop: () => {
      server.stop();
      sink.close();
    },
  };
}

const emptyCounts = () => ({ envelopes: 0, transactions: 0, events: 0, merged: 0, connections: 0 });

/**
 * The error-reporting sink: a minimal HTTP/1.1 server on node:net that answers every request
 * `200 {}` and counts the envelope in its body (`counts()`). It shares the bench's two cores
 * with the Worker, where Sentry's ingestion would not (bench/decisions/041-cheaper-reporting-sink.md):
 * Node's http server cost 0.13-0.24 ms of CPU per envelope, charged to the figure being measured;
 * this one reads the request line, the headers it needs (Content-Length, chunked
 * Transfer-Encoding, Connection) and the body, and keeps connections alive as Node's did.
 */
export async function startSink() {
  let counts = emptyCounts();
  const count = (body) => {
    const text = body.toString("latin1");
    // Item headers are the odd lines after the envelope header: {"type":"transaction",…}.
    // A transaction is a "transaction" item or, with span streaming (the SDK's default), a
    // segment span ("is_segment":true) of a "span" item.
    const transactions =
      (text.match(/^\{"type":"transaction"/gm) ?? []).length +
      (text.match(/"is_segment":true/g) ?? []).length;
    const events = (text.match(/^\{"type":"event"/gm) ?? []).length;
    counts.envelopes++;
    counts.transactions += transactions;
    counts.events += events;
    if (transactions + events > 1) counts.merged++;
  };
  const server = createNetServer((socket) => {
    counts.connections++;
    socket.setNoDelay(true);
    let pending = Buffer.alloc(0);
    socket.on("data", (chunk) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        const request = parseRequest(pending);
        if (request === undefined) return; // incomplete: wait for more bytes
        if (request === null) {
          socket.end("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
          return;
        }
        pending = pending.subarray(request.end);
        count(request.body);
        socket.write(
          `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n${request.close ? "Connection: close\r\n" : ""}\r\n{}`,
        );
        if (request.close) {
          socket.end();
          return;
        }
      }
    });
    socket.on("error", () => socket.destroy());
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    dsn: `http://benchkey@127.0.0.1:${server.address().port}/1`,
    counts: () => ({ ...counts }),
    reset: () => {
      counts = emptyCounts();
    },
    close: () => server.close(),
  };
}

const HEAD_END = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");

/**
 * One HTTP/1.1 request at the start of `bytes`: { body, end, close }, undefined when more bytes
 * are needed, null when it is not HTTP/1.x.
 */
export function parseRequest(bytes) {
  const headEnd = bytes.indexOf(HEAD_END);
  if (headEnd < 0) return bytes.length > 65536 ? null : undefined;
  const lines = bytes.toString("latin1", 0, headEnd).split("\r\n");
  const version = lines[0].match(/ HTTP\/1\.([01])$/)?.[1];
  if (version === undefined) return null;
  let length = 0;
  let chunked = false;
  let connection = "";
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === "content-length") length = Number(value);
    else if (name === "transfer-encoding") chunked = value.includes("chunked");
    else if (name === "connection") connection = value;
  }
  const close = connection === "close" || (version === "0" && connection !== "keep-alive");
  let at = headEnd + HEAD_END.length;
  if (!chunked) {
    if (!Number.isInteger(length) || length < 0) return null;
    if (bytes.length < at + length) return undefined;
    return { body: bytes.subarray(at, at + length), end: at + length, close };
  }
  const parts = [];
  for (;;) {
    const lineEnd = bytes.indexOf(CRLF, at);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(bytes.toString("latin1", at, lineEnd), 16);
    if (Number.isNaN(size)) return null;
    at = lineEnd + CRLF.length;
    if (size === 0) {
      // Trailers (none expected) end with an empty line.
      const trailersEnd = bytes.indexOf(CRLF, at);
      if (trailersEnd < 0) return undefined;
      if (trailersEnd !== at) {
        const end = bytes.indexOf(HEAD_END, at);
        if (end < 0) return undefined;
        return { body: Buffer.concat(parts), end: end + HEAD_END.length, close };
      }
      return { body: Buffer.concat(parts), end: at + CRLF.length, close };
    }
    if (bytes.length < at + size + CRLF.length) return undefined;
    parts.push(bytes.subarray(at, at + size));
    at += size + CRLF.length;
  }
}

/**
 * A copy of build/server/wrangler.json without the KV binding: every page reads D1 (the
 * Worker runs uncached when CACHE is missing, docs/decisions/013).
 */
export function uncachedConfig() {
  const source = join(ROOT, "build", "server", "wrangler.json");
  const config = JSON.parse(readFileSync(source, "utf8"));
  config.kv_namespaces = [];
  const target = join(ROOT, "build", "server", "wrangler.uncached.json");
  writeFileSync(target, JSON.stringify(config));
  return target;
}

/** Child processes of `pid`, recursively, as { pid, cmd }. */
export function descendants(pid) {
  const out = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) {
        const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
        out.push({ pid: Number(entry), cmd }, ...descendants(Number(entry)));
      }
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

/**
 * `wrangler dev` runs two workerd processes: a proxy on the public port and the runtime of the
 * Worker (with the assets router, KV, D1 and R2 simulators) on a port of its own.
 */
export function workerRuntimePid(server, port = BENCH_PORT) {
  const workerds = descendants(server.child.pid).filter((p) => p.cmd.includes("workerd serve"));
  const runtime = workerds.find((p) => !p.cmd.includes(`entry=127.0.0.1:${port} `));
  if (!runtime) throw new Error("workerd runtime process not found");
  return runtime.pid;
}

/** wrangler's entry proxy of a `wrangler dev` server: the workerd process on its public port. */
export function wranglerProxyPid(server, port = BENCH_PORT) {
  const proxy = descendants(server.child.pid).find(
    (p) => p.cmd.includes("workerd serve") && p.cmd.includes(`entry=127.0.0.1:${port} `),
  );
  if (!proxy) throw new Error("wrangler's entry proxy process not found");
  return proxy.pid;
}

/** CPU time (ns) the kernel has charged to every thread of a process (schedstat, ns precision). */
export function cpuNs(pid) {
  return cpuSplitNs(pid).total;
}

/**
 * CPU time (ns) of a process split by thread: `main` is its main thread (thread id = process id),
 * where workerd runs JavaScript (the Worker and, under `wrangler dev`, the local simulators);
 * `total` adds every other thread (V8's background threads: concurrent marking and sweeping of
 * the garbage collector, optimising compilation; workerd's I/O threads).
 */
export function cpuSplitNs(pid) {
  let total = 0;
  let main = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const ns = Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
      total += ns;
      if (task === String(pid)) main = ns;
    } catch {
      // thread gone
    }
  }
  return { main, total };
}

/** First links of a listing page matching a prefix (e.g. "/blog/"), to find real slugs. */
export async function firstLink(url, listing, prefix) {
  const html = await (await fetch(`${url}${listing}`, { headers: HEADERS })).text();
  const re = new RegExp(`href="(${prefix.replaceAll("/", "\\/")}[a-z0-9-]+)"`, "g");
  for (const [, href] of html.matchAll(re)) {
    if (!/\/(category|tag|genre|location)\//.test(href)) return href;
  }
  throw new Error(`no ${prefix} link on ${listing}`);
}

export function machine() {
  const cpus = readFileSync("/proc/cpuinfo", "utf8");
  const model = cpus.match(/model name\s*:\s*(.+)/)?.[1] ?? "unknown CPU";
  const cores = (cpus.match(/^processor\s*:/gm) ?? []).length;
  const memGiB =
    Number(readFileSync("/proc/meminfo", "utf8").match(/MemTotal:\s+(\d+)/)?.[1] ?? 0) / 1024 ** 2;
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(", ");
  return { model, cores, memGiB: memGiB.toFixed(1), load, node: process.version };
}

/**
 * A page in a fresh phone-sized context of `browser` (412 px, as Lighthouse's mobile preset),
 * with the CPU slowed `cpuSlowdown` times by DevTools emulation when given; `cdp` is the page's
 * DevTools session.
 */
export async function phonePage(browser, { cpuSlowdown } = {}) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    deviceScaleFactor: 1.75,
    userAgent: BROWSER_UA,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (cpuSlowdown) await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  return { context, page, cdp };
}

export const median = (xs) => quantile(xs, 0.5);
export function quantile(xs, q) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
