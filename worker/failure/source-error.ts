/** Why a call to a content source failed: no answer, a non-OK status, or a body that is not JSON. */
export type SourceFailure = "network" | "status" | "parse";

/**
 * A failed call to a content source, classified so the failure path (worker/content/degrade.ts) can pick the
 * form texts of docs/product.md section 8 without knowing which source failed.
 */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly failure: SourceFailure,
    readonly status?: number,
    /** The source's own error message, when its answer carried one. */
    readonly serverMessage: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SourceError";
  }
}

/** The server's message of a failed call (searched through causes), else null. */
export function serverMessageOf(error: unknown): string | null {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e instanceof SourceError && e.serverMessage) return e.serverMessage;
  }
  return null;
}

/**
 * A call to the store that failed, as the failure path (worker/content/degrade.ts) hands it on:
 * the one translation of a failed write (docs/decisions/051-worker-layering.md). `message` is the
 * port's (docs/product.md section 8: the server's message, else `text`); `text` is the
 * operation's own text, the one a form or an API answer gives the visitor with a 503. The
 * source's error is the `cause`.
 */
export class StoreFailure extends Error {
  constructor(
    readonly text: string,
    message: string,
    options: { cause: unknown },
  ) {
    super(message, options);
    this.name = "StoreFailure";
  }
}
