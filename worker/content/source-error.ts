/** Why a call to a content source failed: no answer, a non-OK status, or a body that is not JSON. */
export type SourceFailure = "network" | "status" | "parse";

/**
 * A failed call to a content source, classified so the failure path (degrade.ts) can pick the
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
