import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A secret of a local checkout, for `npm start`: made at random the first time and kept in `dir`
 * (the local D1's state) under `name`, so it holds across restarts. No two checkouts share one,
 * and none is in the repository.
 */
function localSecret(dir: string, name: string): string {
  const file = join(dir, name);
  if (existsSync(file)) {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  }
  const secret = randomBytes(32).toString("hex");
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The rate limiters' salt (RATE_LIMIT_SALT, docs/decisions/125-token-limit-picks-and-salt.md):
 * the limits keep counting across restarts.
 */
export const localSalt = (dir: string): string => localSecret(dir, "rate-limit-salt");

/**
 * The key preview links are signed with (PREVIEW_SECRET, docs/decisions/154-signed-preview-links.md):
 * `npm start` serves with it and `npm run content -- preview` signs with it, so a link the tool
 * prints opens on the local site.
 */
export const localPreviewSecret = (dir: string): string => localSecret(dir, "preview-secret");
