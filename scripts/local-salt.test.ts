import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { localSalt } from "./local-salt";

// `npm start`'s RATE_LIMIT_SALT (scripts/start.mjs): one random salt per checkout, kept.
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "crossfade-salt-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the local rate-limit salt", () => {
  it("is made at random once, kept for the next start, readable only by its owner", () => {
    const dir = freshDir();
    const salt = localSalt(dir);
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(localSalt(dir)).toBe(salt);
    const file = join(dir, "rate-limit-salt");
    expect(readFileSync(file, "utf8")).toBe(`${salt}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("differs between checkouts, and replaces a kept one too short to be a salt", () => {
    expect(localSalt(freshDir())).not.toBe(localSalt(freshDir()));
    const dir = freshDir();
    writeFileSync(join(dir, "rate-limit-salt"), "short\n");
    expect(localSalt(dir)).toMatch(/^[0-9a-f]{64}$/);
  });
});
