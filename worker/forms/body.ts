import { FORM_TEXTS } from "@core/form-texts";
import { ARTWORK, AUDIO, MB } from "@core/forms/file-types";
import type { Refusal } from "@core/forms/intake";

/** Both files at their limits plus room for the text fields and multipart framing. */
export const SUBMISSION_BODY_MAX = AUDIO.maxBytes + ARTWORK.maxBytes + 1 * MB;
/** An e-mail address and three short details. */
export const NEWSLETTER_BODY_MAX = 16 * 1024;

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 411 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
  toRefusal(): Refusal {
    return { ok: false, status: this.status, error: this.message };
  }
}

/** A body limit and what to tell the visitor who goes over it. */
export interface BodyLimit {
  max: number;
  message: string;
}

export const SUBMISSION_LIMIT: BodyLimit = { max: SUBMISSION_BODY_MAX, message: FORM_TEXTS.requestTooLarge };
export const NEWSLETTER_LIMIT: BodyLimit = {
  max: NEWSLETTER_BODY_MAX,
  message: "The request is too large for a newsletter sign-up.",
};

/**
 * Refuses a body larger than `max` before reading it (Content-Length), and counts the bytes of a
 * body sent without one, so nothing larger is ever buffered.
 */
function limitedBody(request: Request, { max, message }: BodyLimit): { body: Request; over(): boolean } {
  let seen = 0;
  const over = () => seen > max;
  const length = request.headers.get("Content-Length");
  if (length !== null) {
    const n = Number(length);
    if (!Number.isFinite(n) || n < 0) throw new BodyError(400, "Invalid Content-Length header.");
    if (n > max) throw new BodyError(413, message);
    return { body: request, over };
  }
  if (!request.body) return { body: request, over };
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > max) controller.error(new BodyError(413, message));
      else controller.enqueue(chunk);
    },
  });
  const body = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body.pipeThrough(counter),
  });
  return { body, over };
}

/** Reads a multipart or URL-encoded form within the limit; malformed bodies are a 400. */
export async function readForm(request: Request, limit: BodyLimit): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type))
    throw new BodyError(415, "Send the form as multipart/form-data or application/x-www-form-urlencoded.");
  const limited = limitedBody(request, limit);
  try {
    return await limited.body.formData();
  } catch {
    if (limited.over()) throw new BodyError(413, limit.message);
    throw new BodyError(400, "The form data could not be read: the request body is malformed.");
  }
}

/** Reads a body as text within the limit (a signed webhook is checked over its exact bytes). */
export async function readText(request: Request, limit: BodyLimit): Promise<string> {
  const limited = limitedBody(request, limit);
  try {
    return await limited.body.text();
  } catch {
    if (limited.over()) throw new BodyError(413, limit.message);
    throw new BodyError(400, "The request body could not be read.");
  }
}

/** Reads a JSON object body within the limit. */
export async function readJsonObject(request: Request, limit: BodyLimit): Promise<Record<string, unknown>> {
  const limited = limitedBody(request, limit);
  let value: unknown;
  try {
    value = JSON.parse(await limited.body.text());
  } catch {
    if (limited.over()) throw new BodyError(413, limit.message);
    throw new BodyError(400, "The request body is not valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new BodyError(400, "The request body must be a JSON object.");
  return value as Record<string, unknown>;
}
