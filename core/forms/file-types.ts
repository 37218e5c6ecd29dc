/**
 * What an uploaded file really is, read from its first bytes (its "magic number"), never from
 * its name or the type the browser claims. Shared by the form in the browser and by the Worker,
 * so both refuse the same files (docs/product.md section 5).
 */

export const MB = 1024 * 1024;

export interface FileKind {
  /** The form field's name. */
  field: "audioFile" | "artworkFile";
  maxBytes: number;
  /** Detected MIME type → file extension used for the stored copy. */
  types: Record<string, string>;
  /** The `accept` attribute of the file input (a hint for the picker; the bytes decide). */
  accept: string;
}

export const AUDIO: FileKind = {
  field: "audioFile",
  maxBytes: 50 * MB,
  types: { "audio/mpeg": "mp3", "audio/wav": "wav", "audio/flac": "flac", "audio/aiff": "aiff" },
  accept: ".mp3,.wav,.flac,.aif,.aiff,audio/mpeg,audio/wav,audio/flac,audio/aiff",
};

export const ARTWORK: FileKind = {
  field: "artworkFile",
  maxBytes: 10 * MB,
  types: { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" },
  accept: ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp",
};

/** How many leading bytes sniffFileType needs. */
export const SNIFF_BYTES = 16;

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  if (bytes.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/**
 * An MPEG audio Layer III frame header: 11 sync bits, a valid version, layer III, a bitrate
 * index other than "bad" and a known sample rate. ADTS AAC (layer bits 00) does not pass.
 */
function isMp3Frame(b: Uint8Array): boolean {
  if (b.length < 3 || b[0] !== 0xff) return false;
  const b1 = b[1] ?? 0;
  const b2 = b[2] ?? 0;
  if ((b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return version !== 0b01 && layer === 0b01 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

/** The MIME type the file's first bytes announce, or null when they match none we accept. */
export function sniffFileType(bytes: Uint8Array): string | null {
  if (ascii(bytes, 0, "ID3") || isMp3Frame(bytes)) return "audio/mpeg";
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WAVE")) return "audio/wav";
  if (ascii(bytes, 0, "fLaC")) return "audio/flac";
  if (ascii(bytes, 0, "FORM") && (ascii(bytes, 8, "AIFF") || ascii(bytes, 8, "AIFC"))) return "audio/aiff";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (ascii(bytes, 0, "\x89PNG\r\n\x1a\n")) return "image/png";
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return "image/webp";
  return null;
}

export type FileProblem = "tooLarge" | "wrongType";

/**
 * Checks one upload against its kind: size first (so an oversized file is never read), then
 * the detected type. Returns the detected MIME type or the problem.
 */
export function checkFile(
  kind: FileKind,
  size: number,
  head: Uint8Array,
): { ok: true; type: string } | { ok: false; problem: FileProblem } {
  if (size > kind.maxBytes) return { ok: false, problem: "tooLarge" };
  const type = sniffFileType(head);
  if (!type || !(type in kind.types)) return { ok: false, problem: "wrongType" };
  return { ok: true, type };
}
