import { type FileKind, SNIFF_BYTES, sniffFileType } from "@core/forms/file-types";
import type { FileSummary } from "@core/forms/submission-rules";
import { uploadKey } from "@worker/content/submission-files";
import type { Part } from "./multipart-stream";

/**
 * One file of a submission on its way into R2 as it arrives (docs/decisions/069-submission-files.md):
 * an R2 multipart upload in parts of PART_BYTES, so the Worker holds at most one part of it. Its
 * type is read from its first bytes; a file of the wrong type, or past its size limit, is not
 * sent on (its bytes are only counted, so the form can say which limit it broke). Nothing is kept
 * until `keep()`: `drop()` aborts the upload, removing what R2 received.
 */
export const PART_BYTES = 5 * 1024 * 1024; // R2's smallest part but the last

export interface StreamedFile {
  name: string;
  summary: FileSummary;
  /** The stored file once kept (the upload completed). */
  keep(): Promise<{ name: string; type: string; size: number; location: string }>;
  drop(): Promise<void>;
}

export async function streamFile(
  bucket: R2Bucket,
  reference: string,
  role: "audio" | "artwork",
  kind: FileKind,
  part: Part,
): Promise<StreamedFile | null> {
  const name = (part.filename ?? "").trim().slice(0, 200) || role;
  let head = new Uint8Array(0);
  let size = 0;
  let type: string | null = null;
  let decided = false;
  let refused = false;
  let upload: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];
  let pending = new Uint8Array(PART_BYTES);
  let filled = 0;

  const started = async (): Promise<R2MultipartUpload> => {
    upload ??= await bucket.createMultipartUpload(
      uploadKey(reference, role, kind.types[type ?? ""] ?? "bin"),
      {
        httpMetadata: {
          contentType: type ?? "application/octet-stream",
          contentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
        },
        customMetadata: { reference, originalName: name },
      },
    );
    return upload;
  };
  const sendPart = async () => {
    const target = await started();
    parts.push(await target.uploadPart(parts.length + 1, pending.subarray(0, filled)));
    pending = new Uint8Array(PART_BYTES);
    filled = 0;
  };
  const refuse = async () => {
    refused = true;
    pending = new Uint8Array(0);
    filled = 0;
    await upload?.abort().catch(() => undefined);
    upload = null;
  };
  const decide = async () => {
    decided = true;
    type = sniffFileType(head);
    if (!type || !(type in kind.types)) await refuse();
  };

  try {
    for await (const chunk of part.chunks()) {
      if (head.length < SNIFF_BYTES) {
        const take = chunk.subarray(0, SNIFF_BYTES - head.length);
        const grown = new Uint8Array(head.length + take.length);
        grown.set(head);
        grown.set(take, head.length);
        head = grown;
      }
      size += chunk.byteLength;
      if (refused) continue;
      if (size > kind.maxBytes) {
        await refuse();
        continue;
      }
      if (!decided && head.length >= SNIFF_BYTES) await decide();
      if (refused) continue;
      for (let offset = 0; offset < chunk.byteLength; ) {
        const n = Math.min(PART_BYTES - filled, chunk.byteLength - offset);
        pending.set(chunk.subarray(offset, offset + n), filled);
        filled += n;
        offset += n;
        if (filled === PART_BYTES) await sendPart();
      }
    }
    // An empty file input: browsers send a part with no bytes.
    if (size === 0) return null;
    if (!decided) await decide();
  } catch (error) {
    await refuse();
    throw error;
  }
  return {
    name,
    summary: { size, head },
    async keep() {
      if (refused || !type) throw new Error("A refused file cannot be kept");
      if (filled > 0 || parts.length === 0) await sendPart();
      const object = await (await started()).complete(parts);
      return { name, type, size, location: object.key };
    },
    async drop() {
      await refuse();
    },
  };
}
