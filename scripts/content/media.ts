/**
 * Media beside content files. A media field holding a relative path (`track.mp3`,
 * `./audio/mix.mp3`) names a file next to the Markdown file: audio is uploaded to the MEDIA
 * bucket under `audio/<kind>/<slug>/<name>` and the field becomes `/media/audio/<kind>/<slug>/<name>`,
 * the URL the Worker streams it from (worker/media/). A photo in an image field (JPEG, PNG, WebP
 * or AVIF, checked by images.ts) is uploaded once under its content hash, `img/<hash>`, and the
 * field becomes `/media/img/<hash>/<width>x<height>`, whose variants the Worker makes
 * (worker/media/images.ts, docs/decisions/139); an image in a rich body (`![alt](photo.jpg)`) the
 * same. Paths starting with '/' and URLs are kept as written. Each kind's audio fields are its `media`, its image fields its `images`
 * (scripts/content/kinds/).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";
import { imageField, originalKey } from "../../core/media/images";
import { audioTypeOf } from "../../worker/media/audio-types";
import { peaksFileName, peaksJson, peaksOf } from "../peaks";
import { twoAtATime } from "../two-at-a-time";
import { localProxy, type Target, wrangler } from "./d1";
import { checkImage, IMAGE_NAME } from "./images";
import { CONTENT_KINDS } from "./kinds/list";
import type { Kind, ParsedContent } from "./parse";
import type { ContentProblem } from "./schema";

export interface Upload {
  /** Absolute path of the file. */
  file: string;
  /** R2 key in the MEDIA bucket. */
  key: string;
  contentType: string;
}

const RELATIVE = (value: string) => !value.startsWith("/") && !/^[a-z][a-z0-9+.-]*:/i.test(value);
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** What one media field beside a file becomes: its new value and upload, or the problem. */
type Planned = { value: string; upload: Upload } | { problem: string };

async function planImage(file: string, value: string): Promise<Planned> {
  const name = posix.basename(value);
  if (/\.svg$/i.test(name))
    return {
      problem: `'${value}': SVG art is served from public/media/covers/: put it there and write '/media/covers/${name}'`,
    };
  if (!IMAGE_NAME.test(name))
    return {
      problem: `'${value}': an image beside a file is a JPEG, PNG, WebP or AVIF (.jpg, .png, .webp, .avif)`,
    };
  const image = await checkImage(file, value);
  if (typeof image === "string") return { problem: image };
  const key = originalKey(image.hash);
  return { value: imageField(image), upload: { file, key, contentType: image.contentType } };
}

function planAudio(file: string, value: string, kind: Kind, slug: string): Planned {
  const name = posix.basename(value);
  const type = audioTypeOf(name);
  if (!type)
    return {
      problem: `'${value}': only audio (mp3, m4a, aac, ogg, opus, wav, flac) is uploaded from beside a file for this field`,
    };
  if (!SAFE_NAME.test(name))
    return { problem: `'${name}': name media files with letters, digits, '.', '_' and '-'` };
  const key = `audio/${kind}/${slug}/${name}`;
  return { value: `/media/${key}`, upload: { file, key, contentType: type } };
}

/**
 * Finds relative media paths in the parsed files, checks each file exists and is what its field
 * takes, and rewrites the field to the URL it will be served at. Nothing is uploaded here.
 */
export async function planMedia(
  dir: string,
  content: ParsedContent,
): Promise<{ uploads: Upload[]; problems: ContentProblem[] }> {
  const uploads = new Map<string, Upload>();
  const problems: ContentProblem[] = [];
  for (const { folder, media = [], images = [] } of CONTENT_KINDS) {
    const kind = folder as Kind;
    for (const item of content[kind]) {
      const front = item.front as Record<string, unknown>;
      const visit = async (holder: Record<string, unknown>, prop: string, field: string, image: boolean) => {
        const value = holder[prop];
        if (typeof value !== "string" || !RELATIVE(value)) return;
        const file = join(dir, dirname(item.file), value);
        const planned: Planned =
          !existsSync(file) || !statSync(file).isFile()
            ? { problem: `'${value}' is no file beside ${item.file}` }
            : image
              ? await planImage(file, value)
              : planAudio(file, value, kind, item.slug);
        if ("problem" in planned) problems.push({ file: item.file, field, message: planned.problem });
        else {
          // The same photo under two names is uploaded once, from the first file that names it.
          if (!uploads.has(planned.upload.key)) uploads.set(planned.upload.key, planned.upload);
          holder[prop] = planned.value;
        }
      };
      for (const field of images) await visit(front, field, field, true);
      // A body's figures: `![alt](photo.jpg)` names a photo beside the file as a cover does.
      for (const block of item.document)
        if (block.type === "image") await visit(block, "src", `body (image '${block.src}')`, true);
      for (const field of media) {
        if (typeof field === "string") await visit(front, field, field, false);
        else {
          const [list, key] = field;
          const entries = front[list] as Array<Record<string, unknown>>;
          for (const [i, entry] of entries.entries()) await visit(entry, key, `${list}[${i}].${key}`, false);
        }
      }
    }
  }
  return { uploads: [...uploads.values()], problems };
}

/** The MEDIA bucket's name for the target's environment, read from wrangler.toml. */
export function mediaBucket(target: Target, toml: string): string {
  const prefix = target.env ? `env.${target.env}.` : "";
  const blocks = toml.split(/^\[\[/m).filter((b) => b.startsWith(`${prefix}r2_buckets]]`));
  for (const block of blocks) {
    if (/^binding\s*=\s*"MEDIA"/m.test(block)) {
      const name = block.match(/^bucket_name\s*=\s*"([^"]+)"/m)?.[1];
      if (name) return name;
    }
  }
  throw new Error(`wrangler.toml has no MEDIA bucket${target.env ? ` in [env.${target.env}]` : ""}`);
}

/** What an upload uses of the local R2 binding (the Workers types are not in scripts' scope). */
interface LocalBucket {
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
}

/** Where uploads go: the target's MEDIA bucket. */
interface Bucket {
  put(key: string, file: string, contentType: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The target's MEDIA bucket: locally through wrangler's platform proxy, which writes a photo in
 * milliseconds where a `wrangler r2 object put` each took four seconds; remotely through
 * `wrangler r2 object put --remote`.
 */
async function openBucket(target: Target, bucket: string): Promise<Bucket> {
  if (target.remote)
    return {
      put: async (key, file, contentType) => {
        wrangler(
          ["r2", "object", "put", `${bucket}/${key}`, "--file", file, "--content-type", contentType],
          target,
        );
      },
      close: async () => {},
    };
  const proxy = await localProxy<{ MEDIA: LocalBucket }>(target);
  return {
    put: async (key, file, contentType) => {
      // A copy in its own ArrayBuffer: the proxy refuses a view into a larger one (a Buffer).
      await proxy.env.MEDIA.put(key, new Uint8Array(readFileSync(file)), { httpMetadata: { contentType } });
    },
    close: () => proxy.dispose(),
  };
}

/**
 * Uploads every file to the target's MEDIA bucket, and beside each MP3 its waveform
 * (`<name>.peaks.json`, scripts/peaks.ts), computed here, never in a browser
 * (docs/decisions/063). An MP3 that cannot be decoded, or any other format, gets none: the player
 * shows its plain seek bar for it. `quiet` leaves out the line per file.
 */
export async function uploadMedia(
  uploads: Upload[],
  target: Target,
  bucket: string,
  { quiet = false } = {},
): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), "crossfade-peaks-"));
  const media = await openBucket(target, bucket);
  try {
    for (const u of uploads) {
      await media.put(u.key, u.file, u.contentType);
      if (!quiet) console.log(`  uploaded ${u.key}`);
      if (!/\.mp3$/i.test(u.key)) continue;
      let peaks: number[];
      try {
        peaks = await peaksOf(readFileSync(u.file));
      } catch (error) {
        console.warn(`  no waveform for ${u.key}: ${error instanceof Error ? error.message : error}`);
        continue;
      }
      const file = join(scratch, "peaks.json");
      writeFileSync(file, peaksJson(peaks));
      await media.put(peaksFileName(u.key), file, "application/json");
      if (!quiet) console.log(`  uploaded ${peaksFileName(u.key)}`);
    }
  } finally {
    await media.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The variants a first view asks for, made right after an import so that no visitor waits for
 * them (a local AVIF takes a second or more): AVIF at the widths of a phone's card and cover, a
 * desktop card, an avatar on a desktop (48) and on a phone (144), and the share card. The rest
 * are made on first request. A site that does not answer is said so, and the import stands.
 */
export const FIRST_VIEW = ["48", "144", "320", "640", "1280", "card.jpg"];

export async function warmImages(uploads: Upload[], site: string): Promise<string> {
  const photos = uploads.filter((u) => u.key.startsWith("img/")).map((u) => u.key.slice("img/".length));
  if (!photos.length) return "";
  const urls = photos.flatMap((hash) => FIRST_VIEW.map((v) => new URL(`/media/img/${hash}/${v}`, site).href));
  let made = 0;
  try {
    await twoAtATime(urls, async (url) => {
      const res = await fetch(url, { headers: { Accept: "image/avif,image/webp,*/*" } });
      await res.arrayBuffer();
      if (res.ok && res.headers.get("X-Image-Variant") !== "original") made++;
    });
  } catch (error) {
    return `  ${site} did not answer (${(error as Error).message}): each photo's variants are made on first request.`;
  }
  return `  made ${made} first-view variant(s) of ${photos.length} photo(s) at ${site}`;
}
