import type { Page } from "@core/content/page";
import type {
  Submission,
  SubmissionFilter,
  SubmissionInput,
  SubmissionStatus,
} from "@core/content/submission";
import type { StoredFile, UploadedFile } from "@core/content/upload";
import { DEFAULT_SUBMISSION_PAGE_SIZE, paging, toPage } from "../paging";
import { parseJson } from "./rows";

interface SubmissionRow {
  id: number;
  reference: string;
  artist_name: string;
  email: string;
  track_title: string;
  genre: string | null;
  city: string | null;
  links: string | null;
  message: string | null;
  consent: number;
  audio_file_key: string | null;
  audio_file_name: string | null;
  audio_file_type: string | null;
  audio_file_size: number | null;
  artwork_file_key: string | null;
  artwork_file_name: string | null;
  artwork_file_type: string | null;
  artwork_file_size: number | null;
  status: SubmissionStatus;
  admin_notes: string | null;
  submission_date: string;
  idempotency_key?: string | null;
}

function storedFile(key: string | null, name: string | null, type: string | null, size: number | null) {
  if (!key) return null;
  return { location: key, name: name ?? key, type: type ?? "application/octet-stream", size: size ?? 0 };
}

function toSubmission(row: SubmissionRow): Submission {
  return {
    id: String(row.id),
    reference: row.reference,
    artistName: row.artist_name,
    email: row.email,
    trackTitle: row.track_title,
    genre: row.genre,
    city: row.city,
    links: parseJson<string[]>(row.links, []),
    message: row.message,
    consent: row.consent === 1,
    audioFile: storedFile(row.audio_file_key, row.audio_file_name, row.audio_file_type, row.audio_file_size),
    artworkFile: storedFile(
      row.artwork_file_key,
      row.artwork_file_name,
      row.artwork_file_type,
      row.artwork_file_size,
    ),
    status: row.status,
    adminNotes: row.admin_notes,
    submissionDate: row.submission_date,
  };
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
  bucket: R2Bucket,
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

/** The submission stored with this form fill's key, if any. */
async function byKey(db: D1Database, key: string): Promise<Submission | null> {
  const row = await db
    .prepare("SELECT * FROM submissions WHERE idempotency_key = ?1")
    .bind(key)
    .first<SubmissionRow>();
  return row ? toSubmission(row) : null;
}

/**
 * Stores the files in R2, then the row in D1: a submission is only reported as received once
 * both hold it. If the row cannot be written, the files are removed again. A key already stored
 * (a retry of the same form fill) returns that submission and stores nothing; two requests with
 * one key racing are settled by the unique index: the second removes its files and returns the
 * first's row.
 */
export async function createSubmission(
  db: D1Database,
  bucket: R2Bucket,
  input: SubmissionInput,
): Promise<Submission> {
  const key = input.idempotencyKey ?? null;
  if (key) {
    const stored = await byKey(db, key);
    if (stored) return stored;
  }
  for (let attempt = 0; ; attempt++) {
    const reference = newReference();
    const [audio, artwork] = await Promise.all([
      input.audioFile ? putFile(bucket, reference, "audio", input.audioFile) : null,
      input.artworkFile ? putFile(bucket, reference, "artwork", input.artworkFile) : null,
    ]);
    try {
      const row = await db
        .prepare(
          `INSERT INTO submissions (reference, artist_name, email, track_title, genre, city, links,
             message, consent, audio_file_key, audio_file_name, audio_file_type, audio_file_size,
             artwork_file_key, artwork_file_name, artwork_file_type, artwork_file_size, status,
             submission_date, idempotency_key)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
             'pending', ?18, ?19)
           RETURNING *`,
        )
        .bind(
          reference,
          input.artistName,
          input.email,
          input.trackTitle,
          input.genre,
          input.city,
          JSON.stringify(input.links),
          input.message,
          input.consent ? 1 : 0,
          audio?.location ?? null,
          audio?.name ?? null,
          audio?.type ?? null,
          audio?.size ?? null,
          artwork?.location ?? null,
          artwork?.name ?? null,
          artwork?.type ?? null,
          artwork?.size ?? null,
          new Date().toISOString(),
          key,
        )
        .first<SubmissionRow>();
      if (!row) throw new Error("Failed to create submission");
      return toSubmission(row);
    } catch (error) {
      const keys = [audio?.location, artwork?.location].filter((k): k is string => !!k);
      if (keys.length) await bucket.delete(keys).catch(() => undefined);
      const unique = /UNIQUE/i.test(String(error));
      // The same form fill stored by a request that ran alongside this one.
      const first = key && unique ? await byKey(db, key) : null;
      if (first) return first;
      // A reference collision is astronomically rare; anything else is a real failure.
      if (attempt < 2 && unique) continue;
      throw new Error("Failed to create submission", { cause: error });
    }
  }
}

/** Newest first, optionally one status only (docs/product.md section 7 GET /submissions). */
export async function listSubmissions(
  db: D1Database,
  filter: SubmissionFilter = {},
): Promise<Page<Submission>> {
  const { page, pageSize, offset } = paging(filter.page, filter.pageSize, DEFAULT_SUBMISSION_PAGE_SIZE);
  const where = filter.status ? "WHERE status = ?1" : "WHERE ?1 IS NULL";
  const status = filter.status ?? null;
  const [rows, count] = await db.batch([
    db
      .prepare(`SELECT * FROM submissions ${where} ORDER BY submission_date DESC, id DESC LIMIT ?2 OFFSET ?3`)
      .bind(status, pageSize, offset),
    db.prepare(`SELECT COUNT(*) AS total FROM submissions ${where}`).bind(status),
  ]);
  const items = ((rows?.results ?? []) as SubmissionRow[]).map(toSubmission);
  const total = ((count?.results ?? []) as Array<{ total: number }>)[0]?.total ?? 0;
  return toPage(items, page, pageSize, total);
}

/** One submission by its numeric id; null when there is none. */
export async function getSubmission(db: D1Database, id: string): Promise<Submission | null> {
  if (!/^\d{1,15}$/.test(id)) return null;
  const row = await db
    .prepare("SELECT * FROM submissions WHERE id = ?1")
    .bind(Number(id))
    .first<SubmissionRow>();
  return row ? toSubmission(row) : null;
}

/** Sets the status and notes; null when no submission has that id. */
export async function setSubmissionStatus(
  db: D1Database,
  id: string,
  status: SubmissionStatus,
  adminNotes: string | null,
): Promise<Submission | null> {
  if (!/^\d{1,15}$/.test(id)) return null;
  const row = await db
    .prepare("UPDATE submissions SET status = ?1, admin_notes = ?2 WHERE id = ?3 RETURNING *")
    .bind(status, adminNotes, Number(id))
    .first<SubmissionRow>();
  return row ? toSubmission(row) : null;
}
