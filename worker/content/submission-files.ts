import type { SubmissionInput } from "@core/content/submission";
import type { StoredFile, UploadedFile } from "@core/content/upload";

/**
 * Where a submission's files are kept, in both content modes (docs/decisions/069-submission-files.md):
 * the private R2 bucket bound as UPLOADS, one folder per submission named by its reference, the
 * bytes as the artist sent them. Only the operator reads them back, through the review desk or
 * `GET /api/uploads/{location}` with the admin token.
 */

/**
 * What the files need of the R2 bucket (structurally an R2Bucket): the Strapi adapter, which
 * uses it too, is also compiled for Node, where the Workers types are not.
 */
export interface FileBucket {
  put(
    key: string,
    value: ArrayBuffer,
    options?: {
      httpMetadata?: { contentType?: string; contentDisposition?: string };
      customMetadata?: Record<string, string>;
    },
  ): Promise<unknown>;
  delete(keys: string | string[]): Promise<void>;
}

// Crockford-style alphabet without 0/O, 1/I/L: easy to read out on the phone.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A reference the artist can quote, e.g. 'CF-7K3Q-9XPA' (31^8 ≈ 8.5e11 values). */
export function newReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
  return `CF-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** R2 layout: one folder per submission, named by its reference (docs/decisions/007-forms.md). */
export function uploadKey(reference: string, role: "audio" | "artwork", ext: string): string {
  return `submissions/${reference}/${role}.${ext}`;
}

const EXTENSIONS: Record<string, string> = {
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "audio/flac": "flac",
  "audio/aiff": "aiff",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

async function putFile(
  bucket: FileBucket,
  reference: string,
  role: "audio" | "artwork",
  file: UploadedFile,
): Promise<StoredFile> {
  const key = uploadKey(reference, role, EXTENSIONS[file.type] ?? "bin");
  await bucket.put(key, file.bytes, {
    httpMetadata: {
      contentType: file.type,
      contentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    },
    customMetadata: { reference, originalName: file.name },
  });
  return { name: file.name, type: file.type, size: file.size, location: key };
}

/** The stored files of one submission: audio and artwork, each null when not sent. */
export interface SubmissionFiles {
  audio: StoredFile | null;
  artwork: StoredFile | null;
}

/** Puts a submission's files under its reference's folder. */
export async function putSubmissionFiles(
  bucket: FileBucket,
  reference: string,
  input: Pick<SubmissionInput, "audioFile" | "artworkFile">,
): Promise<SubmissionFiles> {
  const [audio, artwork] = await Promise.all([
    input.audioFile ? putFile(bucket, reference, "audio", input.audioFile) : null,
    input.artworkFile ? putFile(bucket, reference, "artwork", input.artworkFile) : null,
  ]);
  return { audio, artwork };
}

/** Removes the files of a submission that was not stored (or stored already by a retry). */
export async function removeSubmissionFiles(bucket: FileBucket, files: SubmissionFiles): Promise<void> {
  const keys = [files.audio?.location, files.artwork?.location].filter((k): k is string => !!k);
  if (keys.length) await bucket.delete(keys).catch(() => undefined);
}
