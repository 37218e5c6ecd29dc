/**
 * multipart/form-data read as it arrives (docs/decisions/069-submission-files.md): each part is
 * handed over with its bytes as a stream of chunks, so a file can go on to R2 while it is still
 * arriving and the Worker never holds a whole upload. Only what the forms need of RFC 7578: a
 * boundary, each part's Content-Disposition name and filename and its Content-Type.
 */

export class MultipartError extends Error {}

/** The boundary of a multipart Content-Type, or null. */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

export interface Part {
  name: string;
  /** The file's name for a file part ("" when the input was left empty), null for a text field. */
  filename: string | null;
  type: string | null;
  /**
   * The part's bytes as they arrive. Read it to its end, or not at all: the next part is read
   * only after this one (what is left of it is skipped).
   */
  chunks(): AsyncGenerator<Uint8Array>;
}

const CR = 13;
const HEADER_END = new Uint8Array([13, 10, 13, 10]);
const MAX_HEADER_BYTES = 16 * 1024;

/** Where `needle` starts in `haystack` at or after `from`, or -1. */
function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0] ?? CR;
  for (let i = haystack.indexOf(first, from); i >= 0; i = haystack.indexOf(first, i + 1)) {
    if (i + needle.length > haystack.length) return -1;
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (!a.length) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function headerValue(headers: string, name: string): string | null {
  const match = new RegExp(`^${name}:\\s*(.*)$`, "im").exec(headers);
  return match?.[1]?.trim() ?? null;
}

function parameter(disposition: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, "i").exec(disposition);
  return match?.[1] === undefined ? null : match[1].replace(/\\(.)/g, "$1");
}

/** The parts of a multipart body, one after the other. */
export async function* readParts(body: ReadableStream<Uint8Array>, boundary: string): AsyncGenerator<Part> {
  const reader = body.getReader();
  const delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
  // A CRLF in front, so the first boundary (at the very start) matches like every other.
  let buf: Uint8Array = new Uint8Array([13, 10]);
  let ended = false;
  const more = async (): Promise<void> => {
    if (ended) throw new MultipartError("The form data ends in the middle of a part.");
    const { done, value } = await reader.read();
    if (done) ended = true;
    else buf = concat(buf, value);
  };
  try {
    let at = indexOf(buf, delimiter);
    while (at < 0) {
      // The preamble is dropped as it comes, keeping what could be the start of the boundary.
      if (buf.length > delimiter.length) buf = buf.slice(buf.length - delimiter.length);
      await more();
      at = indexOf(buf, delimiter);
    }
    buf = buf.subarray(at + delimiter.length);
    for (;;) {
      while (buf.length < 2) await more();
      if (buf[0] === 45 && buf[1] === 45) {
        // The closing boundary: the epilogue, if any, is read and dropped.
        while (!(await reader.read()).done);
        return;
      }
      let end = indexOf(buf, HEADER_END);
      while (end < 0) {
        if (buf.length > MAX_HEADER_BYTES) throw new MultipartError("A part's headers are too long.");
        await more();
        end = indexOf(buf, HEADER_END);
      }
      const headers = new TextDecoder().decode(buf.subarray(0, end));
      buf = buf.subarray(end + HEADER_END.length);
      const disposition = headerValue(headers, "Content-Disposition") ?? "";
      const name = parameter(disposition, "name");
      if (name === null) throw new MultipartError("A part has no name.");
      let finished = false;
      async function* chunks(): AsyncGenerator<Uint8Array> {
        while (!finished) {
          const found = indexOf(buf, delimiter);
          if (found >= 0) {
            if (found > 0) yield buf.slice(0, found);
            buf = buf.subarray(found + delimiter.length);
            finished = true;
            return;
          }
          // Everything but what could be the start of the delimiter can go.
          const keep = delimiter.length - 1;
          if (buf.length > keep) {
            const out = buf.slice(0, buf.length - keep);
            buf = buf.slice(buf.length - keep);
            yield out;
          }
          await more();
        }
      }
      yield {
        name,
        filename: parameter(disposition, "filename"),
        type: headerValue(headers, "Content-Type"),
        chunks,
      };
      if (!finished) for await (const _ of chunks()) void _;
    }
  } finally {
    reader.releaseLock();
  }
}
