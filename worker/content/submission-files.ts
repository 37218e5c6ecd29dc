import type { StoredFile } from "@core/content/upload";

/**
 * Where a submission's files are kept, in both content modes (docs/decisions/069-submission-files.md):
 * the private R2 bucket bound as UPLOADS, one folder per submission named by its reference, the
 * bytes as the artist sent them (worker/forms/streamed-file.ts puts them there as they arrive).
 * Only the operator reads them back, through the review desk or `GET /api/uploads/{location}`
 * with the admin token.
 */

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

/** Removes kept files whose submission was not stored (or was stored already by a retry). */
export async function removeSubmissionFiles(bucket: R2Bucket, files: (StoredFile | null)[]): Promise<void> {
  const keys = files.flatMap((file) => (file ? [file.location] : []));
  if (keys.length) await bucket.delete(keys).catch(() => undefined);
}
