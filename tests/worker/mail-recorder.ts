import type { WorkerEnv } from "@worker/env";

/** One mail as the Email Service binding was handed it. */
export interface RecordedMail {
  from: string | EmailAddress;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/**
 * The recording adapter of the mail tests: a stand-in for the Email Service binding that keeps
 * every mail it is handed, so the tests go through the production adapter (worker/mail/) and read
 * what it sent. `failing` makes the next sends throw, as a refusing service does; `hold()` makes
 * them wait until `release()`, as a slow one does, and `waiting` says how many are waiting.
 */
export class MailRecorder {
  readonly sent: RecordedMail[] = [];
  failing = 0;
  waiting = 0;
  private gate: Promise<void> | null = null;
  private open: () => void = () => undefined;

  /** Every send from now on waits, unfinished, until `release()`. */
  hold(): void {
    this.gate = new Promise<void>((resolve) => {
      this.open = resolve;
    });
  }

  /** Lets the sends waiting since `hold()` finish, and the next ones go at once. */
  release(): void {
    this.gate = null;
    this.open();
  }

  readonly binding = {
    send: async (builder: Parameters<SendEmail["send"]>[0]) => {
      if (!("subject" in builder)) throw new Error("the recorder takes message builders only");
      if (this.gate) {
        this.waiting += 1;
        await this.gate;
        this.waiting -= 1;
      }
      if (this.failing > 0) {
        this.failing -= 1;
        throw new Error("the mail service refused the message");
      }
      this.sent.push({
        from: builder.from,
        to: String(builder.to),
        subject: builder.subject,
        html: builder.html ?? "",
        text: builder.text ?? "",
        headers: builder.headers ?? {},
      });
      return { messageId: `<recorded-${this.sent.length}@crossfade.example>` };
    },
  } as unknown as SendEmail;

  /** The bindings that turn mail on with this recorder as the Email Service. */
  env(extra: Partial<WorkerEnv> = {}): Partial<WorkerEnv> {
    return { MAIL_FROM: "newsletter@crossfade.example", EMAIL: this.binding, ...extra };
  }

  to(address: string): RecordedMail[] {
    return this.sent.filter((m) => m.to === address);
  }
}

/** The first link to `path` in a body (HTML attribute or plain text), entities undone. */
export function linkTo(body: string, path: string): string {
  const match = body.match(new RegExp(`https?://[^\\s"<>]*${path.replace(/\//g, "\\/")}[^\\s"<>]*`));
  if (!match) throw new Error(`no link to ${path} in:\n${body}`);
  return match[0].replace(/&amp;/g, "&");
}

/** A queue producer that keeps what is sent to it, for the announcement tests. */
export class QueueRecorder {
  readonly bodies: unknown[] = [];
  readonly binding = {
    send: async (body: unknown) => {
      this.bodies.push(body);
    },
    sendBatch: async (messages: Iterable<{ body: unknown }>) => {
      for (const m of messages) this.bodies.push(m.body);
    },
  } as unknown as Queue;

  take(): unknown[] {
    return this.bodies.splice(0);
  }
}

/** A queue batch as the consumer gets it, recording acks and retries. */
export function batchOf(queue: string, bodies: unknown[], attempts = 1) {
  const acked: unknown[] = [];
  const retried: { body: unknown; delaySeconds?: number }[] = [];
  const messages = bodies.map((body, i) => ({
    id: String(i),
    timestamp: new Date(),
    body,
    attempts,
    ack: () => acked.push(body),
    retry: (options?: { delaySeconds?: number }) =>
      retried.push({ body, delaySeconds: options?.delaySeconds }),
  }));
  const batch = {
    queue,
    messages,
    ackAll: () => {
      for (const m of messages) m.ack();
    },
    retryAll: () => {
      for (const m of messages) m.retry();
    },
  } as unknown as MessageBatch<unknown>;
  return { batch, acked, retried };
}
