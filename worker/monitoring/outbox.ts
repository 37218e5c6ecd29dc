import { type CloudflareOptions, createTransport, suppressTracing } from "@sentry/cloudflare";
import { type Answer, ConnectionError, Http1Connection } from "./connection";

/**
 * The transport of error reporting (docs/decisions/037): the SDK's own `createTransport` (its
 * envelope format, rate limits and dropped-event reports) over an outbox the isolate shares.
 *
 * Every envelope still goes out on its own request: Sentry's envelope format allows at most one
 * transaction or event per envelope, and spans of one trace only, so requests are never merged.
 * What changes is how they leave. The SDK's Cloudflare transport lets each request's flush send
 * every envelope queued in the isolate, all at once, and aborts them after 2 s: under load that
 * opened about one connection per envelope and lost a fifth of the transactions. Here one request
 * at a time pumps the outbox, up to OUTBOX_CONCURRENCY envelopes in flight, until it is empty; the
 * pumping request's `waitUntil` (the SDK's flush) lasts until then, so the I/O it started is never
 * cut short, and a request that finds the pump running leaves its envelope to it. A pump stops
 * taking envelopes after PUMP_MS (a Worker's waitUntil has 30 s); the next request's flush starts
 * a new one.
 *
 * Since docs/decisions/040-lean-error-reporting.md the pump sends on kept-alive sockets (its
 * ConnectionPool, worker/monitoring/connection.ts), one POST per envelope, and waits LINGER_MS
 * for more envelopes before it ends, so under load its connections serve many envelopes.
 */

type TransportFactory = NonNullable<CloudflareOptions["transport"]>;
type TransportOptions = Parameters<TransportFactory>[0];
type Buffer = NonNullable<Parameters<typeof createTransport>[2]>;
type Task = Parameters<Buffer["add"]>[0];
type Sent = Awaited<ReturnType<Task>>;

export const OUTBOX_CONCURRENCY = 16;
/**
 * Connections one pump keeps open to the ingest host. A deployed Worker has at most six open
 * connections per invocation (fetch and connect together); four leave room for the pumping
 * request's own subrequests.
 */
export const OUTBOX_CONNECTIONS = 4;
export const OUTBOX_LIMIT = 2000;
const PUMP_MS = 20_000;
/** How long a pump with an empty outbox waits for more envelopes before closing its connections. */
const LINGER_MS = 250;
const POLL_MS = 10;

/** Ingest origins no connection could be opened to: the isolate sends to them with fetch. */
const socketsFailed = new Set<string>();

/**
 * The connections of one pump. Sockets belong to the request that opened them (a Worker cannot
 * use another request's I/O), so each pump opens its own, reuses them for every envelope it sends
 * and closes them when it ends.
 */
export class ConnectionPool {
  private idle: Http1Connection[] = [];
  private open = 0;
  private waiting: ((connection: Http1Connection | undefined) => void)[] = [];

  constructor(private readonly url: URL) {}

  /**
   * Sends one envelope on a kept-alive connection. A reused connection the server closed while
   * it was idle fails before any answer: the envelope is sent once more on a new connection. A
   * connection that cannot be opened at all falls back to fetch (nothing was sent). Any other
   * failure is the envelope's network error, as with fetch.
   */
  async post(headers: Record<string, string>, body: string | Uint8Array, fallback: () => Promise<Answer>) {
    for (let attempt = 0; ; attempt++) {
      const connection = await this.acquire();
      if (!connection) return fallback();
      const reused = connection.answered > 0;
      try {
        const answer = await connection.post(headers, body);
        this.release(connection);
        return answer;
      } catch (error) {
        this.release(connection);
        if (error instanceof ConnectionError && !error.opened) {
          socketsFailed.add(this.url.origin);
          return fallback();
        }
        if (error instanceof ConnectionError && reused && !error.answered && attempt === 0) continue;
        throw error;
      }
    }
  }

  close(): void {
    for (const connection of this.idle) connection.close();
    this.idle = [];
    for (const wake of this.waiting.splice(0)) wake(undefined);
  }

  private async acquire(): Promise<Http1Connection | undefined> {
    if (socketsFailed.has(this.url.origin)) return undefined;
    const idle = this.idle.pop();
    if (idle) return idle;
    if (this.open < OUTBOX_CONNECTIONS) {
      try {
        const connection = new Http1Connection(this.url);
        this.open++;
        return connection;
      } catch {
        // cloudflare:sockets is unavailable here, or refuses this address.
        socketsFailed.add(this.url.origin);
        return undefined;
      }
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(connection: Http1Connection): void {
    if (!connection.usable) {
      this.open--;
      connection.close();
      // A waiter takes the freed slot with a new connection.
      const wake = this.waiting.shift();
      if (wake) this.acquire().then(wake, () => wake(undefined));
      return;
    }
    const wake = this.waiting.shift();
    if (wake) wake(connection);
    else this.idle.push(connection);
  }
}

/** The isolate's outbox: envelopes waiting to be sent, and whether a request is pumping it. */
class Outbox implements Buffer {
  /** Unused by createTransport; part of the buffer's interface. */
  $: PromiseLike<Sent>[] = [];
  private queue: Task[] = [];
  private pumping = false;
  /** The running pump's connections, for the transport's requests. */
  pool: ConnectionPool | undefined;

  constructor(private readonly url: string) {}

  add(task: Task): PromiseLike<Sent> {
    if (this.queue.length >= OUTBOX_LIMIT) return Promise.reject(new Error("Sentry outbox is full"));
    this.queue.push(task);
    // Like the SDK's Cloudflare buffer: the send happens at the flush.
    return Promise.resolve({});
  }

  /** The flush of one request: pumps the outbox unless another request is doing it. */
  drain(): PromiseLike<boolean> {
    if (this.pumping || this.queue.length === 0) return Promise.resolve(true);
    return this.pump();
  }

  private async pump(): Promise<boolean> {
    this.pumping = true;
    const until = Date.now() + PUMP_MS;
    this.pool = new ConnectionPool(new URL(this.url));
    try {
      // OUTBOX_CONCURRENCY senders take envelopes one after another until none is left (with
      // sockets, the pool lets OUTBOX_CONNECTIONS of them send at a time). The last check of the
      // queue and the end of the pump are synchronous: an envelope added before that check is
      // sent by this pump, one added after it finds no pump and starts one.
      const sender = async () => {
        while (this.queue.length > 0 && Date.now() < until) {
          const task = this.queue.shift() as Task;
          await Promise.resolve(task()).then(undefined, () => undefined);
        }
      };
      while (Date.now() < until) {
        if (this.queue.length === 0) {
          // Under load the next envelope comes within milliseconds: keep the connections for it.
          const idleUntil = Math.min(until, Date.now() + LINGER_MS);
          while (this.queue.length === 0 && Date.now() < idleUntil) {
            await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          }
          if (this.queue.length === 0) break;
        }
        await Promise.all(Array.from({ length: OUTBOX_CONCURRENCY }, sender));
      }
      return this.queue.length === 0;
    } finally {
      this.pool.close();
      this.pool = undefined;
      this.pumping = false;
    }
  }
}

let outbox: Outbox | undefined;

/**
 * For `sentryOptions`: the SDK's transport machinery (createTransport: rate limits, dropped-event
 * reports, its envelope serialisation) over the isolate's outbox. Each envelope is its own POST
 * to the envelope endpoint, on one of the pump's kept-alive connections, or with fetch when
 * sockets are unavailable.
 */
export function makeOutboxTransport(options: TransportOptions) {
  outbox ??= new Outbox(options.url);
  const box = outbox;
  const headers: Record<string, string> = {
    "Content-Type": "application/x-sentry-envelope",
    ...(options.headers ?? {}),
  };
  const viaFetch = (body: string | Uint8Array) =>
    suppressTracing(async (): Promise<Answer> => {
      const response = await fetch(options.url, {
        method: "POST",
        body: body as BodyInit,
        headers: options.headers,
      });
      // Read the answer so the connection can be used again.
      await response.arrayBuffer().catch(() => undefined);
      return {
        statusCode: response.status,
        headers: {
          "x-sentry-rate-limits": response.headers.get("X-Sentry-Rate-Limits"),
          "retry-after": response.headers.get("Retry-After"),
        },
      };
    });
  return createTransport(
    options,
    (request) => {
      const pool = box.pool;
      if (!pool) return viaFetch(request.body);
      return pool.post(headers, request.body, () => viaFetch(request.body));
    },
    box,
  );
}
