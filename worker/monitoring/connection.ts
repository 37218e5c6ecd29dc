import { connect } from "cloudflare:sockets";

/**
 * One HTTP/1.1 connection to Sentry's ingest host over `cloudflare:sockets`, kept alive for many
 * envelopes, one request at a time (no pipelining, docs/decisions/040-lean-error-reporting.md).
 * It speaks just enough HTTP for the envelope endpoint: a POST with a Content-Length; an answer
 * with a Content-Length, chunked, or ended by the server closing the connection. Anything it
 * cannot read makes the connection unusable, never a guess.
 */

export type Answer = {
  statusCode: number;
  headers: { "x-sentry-rate-limits": string | null; "retry-after": string | null };
};

/**
 * Why a request failed. `opened` is false when no connection was made (nothing was sent);
 * `answered` is true once the server had started to answer.
 */
export class ConnectionError extends Error {
  constructor(
    message: string,
    readonly answered: boolean,
    readonly opened = true,
  ) {
    super(message);
    this.name = "ConnectionError";
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** An answer's head larger than this is not Sentry's. */
const MAX_HEAD_BYTES = 16 * 1024;
/** A body we read only to find the next answer; Sentry answers with a few bytes of JSON. */
const MAX_BODY_BYTES = 1024 * 1024;
/** An answer not complete after this closes the connection: a hung ingest must not hold a pump. */
export const ANSWER_TIMEOUT_MS = 10_000;

export class Http1Connection {
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly socket: Socket;
  private readonly opened: Promise<unknown>;
  private buffer = new Uint8Array(0);
  private ended = false;
  private closed = false;
  /** False once the connection cannot carry another request. */
  usable = true;
  /** Requests answered on this connection. */
  answered = 0;

  constructor(
    private readonly url: URL,
    private readonly timeoutMs = ANSWER_TIMEOUT_MS,
  ) {
    const tls = url.protocol === "https:";
    this.socket = connect(
      { hostname: url.hostname, port: Number(url.port || (tls ? 443 : 80)) },
      { secureTransport: tls ? "on" : "off", allowHalfOpen: false },
    );
    this.writer = this.socket.writable.getWriter();
    this.reader = this.socket.readable.getReader();
    this.opened = this.socket.opened;
    this.opened.catch(() => this.close());
    // How it ends (the server closing, a reset) is read from the stream; never an unhandled rejection.
    this.socket.closed.catch(() => undefined);
  }

  /** POSTs `body` to the connection's URL and reads the answer; throws ConnectionError. */
  async post(headers: Record<string, string>, body: string | Uint8Array): Promise<Answer> {
    if (!this.usable) throw new ConnectionError("connection closed", false);
    try {
      await this.opened;
    } catch (error) {
      this.close();
      throw new ConnectionError(`connect failed: ${String(error)}`, false, false);
    }
    const bytes = typeof body === "string" ? encoder.encode(body) : body;
    const lines = [
      `POST ${this.url.pathname}${this.url.search} HTTP/1.1`,
      `Host: ${this.url.host}`,
      `Content-Length: ${bytes.byteLength}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      "",
      "",
    ];
    const head = encoder.encode(lines.join("\r\n"));
    const request = new Uint8Array(head.byteLength + bytes.byteLength);
    request.set(head);
    request.set(bytes, head.byteLength);
    try {
      await this.writer.write(request);
    } catch (error) {
      this.close();
      throw new ConnectionError(`write failed: ${String(error)}`, false);
    }
    let answeredBytes = false;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      this.close();
    }, this.timeoutMs);
    try {
      const headEnd = await this.readUntilHead();
      answeredBytes = true;
      const answer = this.parseHead(this.take(headEnd + 4));
      await this.skipBody(answer);
      this.answered++;
      return answer.answer;
    } catch (error) {
      this.close();
      // Timed out: the server may have taken the envelope, so it is never sent again.
      if (timedOut) throw new ConnectionError(`no answer within ${this.timeoutMs} ms`, true);
      if (error instanceof ConnectionError)
        throw new ConnectionError(error.message, answeredBytes || error.answered);
      throw new ConnectionError(String(error), answeredBytes);
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.usable = false;
    if (this.closed) return;
    this.closed = true;
    this.ended = true;
    this.socket.close().catch(() => undefined);
  }

  /** Reads more bytes into the buffer; false at the end of the stream. */
  private async fill(): Promise<boolean> {
    if (this.ended) return false;
    const { done, value } = await this.reader.read();
    if (done || !value) {
      this.ended = true;
      return false;
    }
    const joined = new Uint8Array(this.buffer.byteLength + value.byteLength);
    joined.set(this.buffer);
    joined.set(value, this.buffer.byteLength);
    this.buffer = joined;
    return true;
  }

  private take(length: number): Uint8Array {
    const taken = this.buffer.subarray(0, length);
    this.buffer = this.buffer.slice(length);
    return taken;
  }

  private async readUntilHead(): Promise<number> {
    for (;;) {
      const at = indexOfCrlfCrlf(this.buffer);
      if (at >= 0) return at;
      if (this.buffer.byteLength > MAX_HEAD_BYTES) throw new ConnectionError("answer head too large", true);
      if (!(await this.fill())) {
        throw new ConnectionError("closed before answering", this.buffer.byteLength > 0);
      }
    }
  }

  private parseHead(bytes: Uint8Array) {
    const [status, ...fields] = decoder.decode(bytes).split("\r\n");
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(status ?? "");
    if (!match) throw new ConnectionError(`not an HTTP/1.1 answer: ${status}`, true);
    const headers = new Map<string, string>();
    for (const field of fields) {
      const colon = field.indexOf(":");
      if (colon <= 0) continue;
      const name = field.slice(0, colon).trim().toLowerCase();
      const value = field.slice(colon + 1).trim();
      headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
    }
    const statusCode = Number(match[1]);
    const http10 = status?.startsWith("HTTP/1.0");
    const connection = (headers.get("connection") ?? "").toLowerCase();
    return {
      answer: {
        statusCode,
        headers: {
          "x-sentry-rate-limits": headers.get("x-sentry-rate-limits") ?? null,
          "retry-after": headers.get("retry-after") ?? null,
        },
      } satisfies Answer,
      length: headers.get("content-length"),
      chunked: /\bchunked\b/i.test(headers.get("transfer-encoding") ?? ""),
      keepAlive: http10 ? connection.includes("keep-alive") : !connection.includes("close"),
      bodiless: statusCode === 204 || statusCode === 304 || (statusCode >= 100 && statusCode < 200),
    };
  }

  private async skipBody(head: ReturnType<Http1Connection["parseHead"]>): Promise<void> {
    if (head.bodiless) {
      // nothing to read
    } else if (head.chunked) {
      await this.skipChunked();
    } else if (head.length !== undefined) {
      const length = Number(head.length);
      if (!Number.isSafeInteger(length) || length < 0 || length > MAX_BODY_BYTES) {
        throw new ConnectionError(`bad Content-Length: ${head.length}`, true);
      }
      await this.skipBytes(length);
    } else {
      // No length: the body ends when the server closes the connection.
      while (await this.fill()) {
        if (this.buffer.byteLength > MAX_BODY_BYTES) throw new ConnectionError("answer too large", true);
      }
      this.buffer = new Uint8Array(0);
      this.usable = false;
      return;
    }
    if (!head.keepAlive) this.close();
  }

  private async skipBytes(length: number): Promise<void> {
    while (this.buffer.byteLength < length) {
      if (!(await this.fill())) throw new ConnectionError("closed inside an answer", true);
    }
    this.take(length);
  }

  private async skipChunked(): Promise<void> {
    let total = 0;
    for (;;) {
      let at = indexOfCrlf(this.buffer);
      while (at < 0) {
        if (this.buffer.byteLength > MAX_HEAD_BYTES) throw new ConnectionError("bad chunk", true);
        if (!(await this.fill())) throw new ConnectionError("closed inside a chunked answer", true);
        at = indexOfCrlf(this.buffer);
      }
      const sizeLine = decoder.decode(this.take(at + 2)).trim();
      const size = Number.parseInt(sizeLine.split(";")[0] ?? "", 16);
      if (!Number.isSafeInteger(size) || size < 0)
        throw new ConnectionError(`bad chunk size: ${sizeLine}`, true);
      total += size;
      if (total > MAX_BODY_BYTES) throw new ConnectionError("answer too large", true);
      if (size === 0) {
        // Trailers, then an empty line.
        for (;;) {
          let end = indexOfCrlf(this.buffer);
          while (end < 0) {
            if (!(await this.fill())) throw new ConnectionError("closed inside trailers", true);
            end = indexOfCrlf(this.buffer);
          }
          this.take(end + 2);
          if (end === 0) return;
        }
      }
      await this.skipBytes(size + 2);
    }
  }
}

function indexOfCrlf(bytes: Uint8Array, from = 0): number {
  for (let i = from; i + 1 < bytes.byteLength; i++) {
    if (bytes[i] === 13 && bytes[i + 1] === 10) return i;
  }
  return -1;
}

function indexOfCrlfCrlf(bytes: Uint8Array): number {
  for (let i = 0; i + 3 < bytes.byteLength; i++) {
    if (bytes[i] === 13 && bytes[i + 1] === 10 && bytes[i + 2] === 13 && bytes[i + 3] === 10) return i;
  }
  return -1;
}
