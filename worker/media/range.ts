/**
 * The Range header of an audio request, read the way browsers send it when a player seeks:
 * one range of bytes. Several ranges at once, other units and malformed headers are ignored
 * (the whole file is served), as RFC 9110 allows.
 */
export type ByteRange =
  | { kind: "whole" }
  | { kind: "unsatisfiable" }
  | { kind: "from"; offset: number; length?: number }
  | { kind: "suffix"; suffix: number };

export function parseRange(header: string | null): ByteRange {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "whole" };
  const [, first, last] = match;
  if (first === "") {
    const suffix = Number(last);
    return suffix > 0 ? { kind: "suffix", suffix } : { kind: "unsatisfiable" };
  }
  const offset = Number(first);
  if (last === "") return { kind: "from", offset };
  const end = Number(last);
  if (end < offset) return { kind: "unsatisfiable" };
  return { kind: "from", offset, length: end - offset + 1 };
}

/** First and last byte of `range` in a file of `size` bytes; null when none of it exists. */
export function rangeBounds(range: ByteRange, size: number): { start: number; end: number } | null {
  if (range.kind === "unsatisfiable") return null;
  if (range.kind === "whole") return size > 0 ? { start: 0, end: size - 1 } : null;
  if (range.kind === "suffix")
    return size > 0 ? { start: Math.max(0, size - range.suffix), end: size - 1 } : null;
  if (range.offset >= size) return null;
  const end = range.length === undefined ? size - 1 : Math.min(size - 1, range.offset + range.length - 1);
  return { start: range.offset, end };
}

/** The 416 answer: no byte of the range exists in a file of `size` bytes. */
export function notSatisfiable(size: number, headers = new Headers()): Response {
  headers.set("Accept-Ranges", "bytes");
  headers.set("Content-Range", `bytes */${size}`);
  return new Response(null, { status: 416, headers });
}
