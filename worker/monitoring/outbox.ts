import { type CloudflareOptions, createTransport, suppressTracing } from "@sentry/cloudflare";

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
 */

type TransportFactory = NonNullable<CloudflareOptions["transport"]>;
type TransportOptions = Parameters<TransportFactory>[0];
type Buffer = NonNullable<Parameters<typeof createTransport>[2]>;
type Task = Parameters<Buffer["add"]>[0];
type Sent = Awaited<ReturnType<Task>>;

export const OUTBOX_CONCURRENCY = 16;
export const OUTBOX_LIMIT = 2000;
const PUMP_MS = 20_000;

/** The isolate's outbox: envelopes waiting to be sent, and whether a request is pumping it. */
class Outbox implements Buffer {
  /** Unused by createTransport; part of the buffer's interface. */
  $: PromiseLike<Sent>[] = [];
  private queue: Task[] = [];
  private pumping = false;

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
    try {
      // OUTBOX_CONCURRENCY senders take envelopes one after another until none is left. The
      // last check of the queue and the end of the pump are synchronous: an envelope added
      // before that check is sent by this pump, one added after it finds no pump and starts one.
      const sender = async () => {
        while (this.queue.length > 0 && Date.now() < until) {
          const task = this.queue.shift() as Task;
          await Promise.resolve(task()).then(undefined, () => undefined);
        }
      };
      while (this.queue.length > 0 && Date.now() < until) {
        await Promise.all(Array.from({ length: OUTBOX_CONCURRENCY }, sender));
      }
      return this.queue.length === 0;
    } finally {
      this.pumping = false;
    }
  }
}

let outbox: Outbox | undefined;

/** For `sentryOptions`: the SDK's transport machinery over the isolate's outbox. */
export function makeOutboxTransport(options: TransportOptions) {
  outbox ??= new Outbox();
  return createTransport(
    options,
    (request) =>
      suppressTracing(async () => {
        const response = await fetch(options.url, {
          method: "POST",
          body: request.body as BodyInit,
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
      }),
    outbox,
  );
}
