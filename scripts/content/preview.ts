import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PREVIEW_HOURS, type PreviewKind, previewLink, previewPath } from "../../core/content/preview";
import { localPreviewSecret } from "../local-salt";
import { ROOT, readKnownRows, type Target } from "./d1";
import type { Kind } from "./parse";

/**
 * `npm run content -- preview <kind>/<slug>` (docs/operations.md "Previewing a draft",
 * docs/decisions/154-signed-preview-links.md): the link that opens an item of the embedded store
 * on the site, draft or not, until it expires.
 */

/** The content folder and the kind of each item a preview opens, by either name. */
const KINDS: Record<string, { folder: Kind; kind: PreviewKind }> = {
  posts: { folder: "posts", kind: "post" },
  blog: { folder: "posts", kind: "post" },
  mixtapes: { folder: "mixtapes", kind: "mixtape" },
  releases: { folder: "releases", kind: "release" },
  events: { folder: "events", kind: "event" },
  artists: { folder: "artists", kind: "artist" },
};

export class PreviewError extends Error {}

/**
 * The key links are signed with: PREVIEW_SECRET from the environment, else from .dev.vars, else
 * (the local site of `npm start`) the one kept beside the local D1. A deployed site's secret is
 * never guessed: with --remote it must be in the environment.
 */
export function previewSecret(target: Target): string {
  const secret = givenSecret(target);
  if (secret.length < 32 || /\s/.test(secret))
    throw new PreviewError(
      "PREVIEW_SECRET must be 32 characters or more, without spaces: the site refuses links signed with a shorter one.",
    );
  return secret;
}

function givenSecret(target: Target): string {
  const fromEnv = process.env.PREVIEW_SECRET?.trim();
  if (fromEnv) return fromEnv;
  const devVars = join(ROOT, ".dev.vars");
  const line = existsSync(devVars)
    ? readFileSync(devVars, "utf8")
        .split("\n")
        .find((l) => l.startsWith("PREVIEW_SECRET="))
    : undefined;
  const fromFile = line?.slice("PREVIEW_SECRET=".length).trim();
  if (fromFile) return fromFile;
  if (target.remote)
    throw new PreviewError(
      "PREVIEW_SECRET is not set: put the deployed site's secret (wrangler secret put PREVIEW_SECRET) in the environment.",
    );
  return localPreviewSecret(target.persistTo);
}

/** The link for `item` ("posts/my-slug"), checked against what the database holds. */
export async function previewCommand(
  item: string,
  options: { target: Target; site: string; hours?: string; now?: number },
): Promise<string> {
  const [kindName = "", slug = "", ...rest] = item.split("/");
  const kind = KINDS[kindName];
  if (!kind || !slug || rest.length)
    throw new PreviewError(
      `"${item}" names no item: give <kind>/<slug>, the kind one of ${Object.keys(KINDS).join(", ")} (e.g. posts/my-post).`,
    );
  const hours = options.hours === undefined ? PREVIEW_HOURS : Number(options.hours);
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 30)
    throw new PreviewError(
      `--hours must be a number of hours above 0 and at most 720, not "${options.hours}".`,
    );
  const known = readKnownRows(options.target)[kind.folder];
  if (!known.some((row) => row.key === slug))
    throw new PreviewError(
      `No ${kind.folder.replace(/s$/, "")} "${slug}" in the database: import its file first.`,
    );
  const secret = previewSecret(options.target);
  const expires = (options.now ?? Date.now()) + hours * 3600_000;
  return previewLink(options.site, secret, previewPath(kind.kind, slug), expires);
}
