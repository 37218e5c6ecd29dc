import { ARTWORK, AUDIO } from "@core/forms/file-types";
import { HUMAN_CHECK_FIELD } from "@core/forms/human-check";
import type { HumanCheck, Refusal } from "@core/forms/intake";
import { SUBMISSION_FIELDS } from "@core/forms/submission-rules";
import { BodyError, readForm, SUBMISSION_LIMIT } from "./body";
import { boundaryOf, MultipartError, readParts } from "./multipart-stream";
import { type StreamedFile, streamFile } from "./streamed-file";

/**
 * A submission's body read as it arrives (docs/decisions/069-submission-files.md): the text
 * fields, and each file streamed into R2 under `reference` but not kept yet, so the fields can be
 * checked first. Throws BodyError for a body that is too large (413), malformed (400) or not a
 * form (415), having dropped whatever files it had started.
 */
export interface SubmissionBody {
  /** The first value of each text field. */
  fields: Map<string, string>;
  audio: StreamedFile | null;
  artwork: StreamedFile | null;
  /**
   * The human check's refusal, if it refused: then no file was streamed (the body's files were
   * skipped unread) and `fields` holds every text field, to fill the form again.
   */
  refused: Refusal | null;
}

/** A text field longer than this is no answer to any field of the form. */
const MAX_FIELD_BYTES = 64 * 1024;

/** The body, counted: past SUBMISSION_LIMIT it errors with the 413's message. */
function counted(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > SUBMISSION_LIMIT.max) controller.error(new BodyError(413, SUBMISSION_LIMIT.message));
        else controller.enqueue(chunk);
      },
    }),
  );
}

async function text(chunks: AsyncGenerator<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let out = "";
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.byteLength;
    if (bytes > MAX_FIELD_BYTES) throw new BodyError(400, "A field of the form is far too long.");
    out += decoder.decode(chunk, { stream: true });
  }
  return out + decoder.decode();
}

/**
 * Reads the body; `human` (Turnstile, docs/decisions/127) checks the token once, when the first
 * file begins or, without files, at the end: the token must come before the files, as the
 * enhanced form sends it, so that nothing is streamed into R2 for a form it refuses.
 */
export async function readSubmissionBody(
  request: Request,
  bucket: R2Bucket,
  reference: string,
  human?: HumanCheck,
): Promise<SubmissionBody> {
  const type = request.headers.get("Content-Type") ?? "";
  const boundary = /^multipart\/form-data\b/i.test(type) ? boundaryOf(type) : null;
  if (!boundary || !request.body) {
    // A form without files (URL-encoded), read as the other forms are.
    const form = await readForm(request, SUBMISSION_LIMIT);
    const fields = new Map<string, string>();
    for (const [name, value] of form)
      if (typeof value === "string" && !fields.has(name)) fields.set(name, value);
    const refused = human ? await human(fields.get(HUMAN_CHECK_FIELD)) : null;
    return { fields, audio: null, artwork: null, refused };
  }
  const read: SubmissionBody = { fields: new Map(), audio: null, artwork: null, refused: null };
  let checked = !human;
  const check = async () => {
    if (checked) return;
    checked = true;
    read.refused = (await human?.(read.fields.get(HUMAN_CHECK_FIELD))) ?? null;
  };
  const stream = counted(request.body);
  try {
    for await (const part of readParts(stream, boundary)) {
      if (part.filename === null) {
        const value = await text(part.chunks());
        if (!read.fields.has(part.name)) read.fields.set(part.name, value);
        continue;
      }
      await check();
      // Refused: the rest is read for its text fields only, the files skipped unread.
      if (read.refused) continue;
      if (part.name === SUBMISSION_FIELDS.audioFile && !read.audio) {
        read.audio = await streamFile(bucket, reference, "audio", AUDIO, part);
      } else if (part.name === SUBMISSION_FIELDS.artworkFile && !read.artwork) {
        read.artwork = await streamFile(bucket, reference, "artwork", ARTWORK, part);
      }
      // Any other file is skipped unread (readParts reads past it).
    }
    await check();
    return read;
  } catch (error) {
    await Promise.all([read.audio?.drop(), read.artwork?.drop()]);
    if (error instanceof BodyError) throw error;
    if (!(error instanceof MultipartError || error instanceof TypeError)) throw error;
    // Malformed; but a visitor who also sent too much is better helped by the 413.
    await drain(stream);
    throw new BodyError(400, "The form data could not be read: the request body is malformed.");
  }
}

/** Reads what is left of the counted body, for its 413 should it be too large. */
async function drain(stream: ReadableStream<Uint8Array>): Promise<void> {
  try {
    const reader = stream.getReader();
    while (!(await reader.read()).done);
  } catch (error) {
    if (error instanceof BodyError) throw error;
  }
}
