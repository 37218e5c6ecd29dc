import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The rate limiters' salt of a local checkout (RATE_LIMIT_SALT,
 * docs/decisions/125-token-limit-picks-and-salt.md), for `npm start`: made at random the first
 * time and kept in `dir` (the local D1's state), so the limits keep counting across restarts. No
 * two checkouts share one, and none is in the repository.
 */
export function localSalt(dir: string): string {
  const file = join(dir, "rate-limit-salt");
  if (existsSync(file)) {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  }
  const salt = randomBytes(32).toString("hex");
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `${salt}\n`, { mode: 0o600 });
  return salt;
}
