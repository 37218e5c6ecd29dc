import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findWrk } from "../wrk.mjs";

// How the benches find wrk (bench/wrk.mjs): on PATH or at $WRK, and without it a message that
// names it and how to get it, not a stack trace.
const dir = mkdtempSync(join(tmpdir(), "bench-wrk-"));
const fake = join(dir, "wrk");
writeFileSync(fake, "#!/bin/sh\n");
chmodSync(fake, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** findWrk with PATH and WRK as given, the process's own put back after. */
function findWith(env: { PATH: string; WRK?: string }) {
  const saved = { PATH: process.env.PATH, WRK: process.env.WRK };
  process.env.PATH = env.PATH;
  if (env.WRK === undefined) delete process.env.WRK;
  else process.env.WRK = env.WRK;
  try {
    return findWrk();
  } finally {
    process.env.PATH = saved.PATH;
    if (saved.WRK === undefined) delete process.env.WRK;
    else process.env.WRK = saved.WRK;
  }
}

describe("finding wrk", () => {
  it("takes wrk on PATH, or $WRK", () => {
    expect(findWith({ PATH: `/nonexistent:${dir}` })).toBe(fake);
    expect(findWith({ PATH: "/nonexistent" })).toBeUndefined();
    expect(findWith({ PATH: "/nonexistent", WRK: fake })).toBe(fake);
    expect(findWith({ PATH: dir, WRK: join(dir, "missing") })).toBeUndefined();
  });

  it("without it, and nothing to install it with, ends with what it needs and how to get it", () => {
    const script = `import(${JSON.stringify(join(import.meta.dirname, "..", "wrk.mjs"))}).then((m) => m.requireWrk());`;
    const { status, stderr } = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      env: { PATH: join(dir, "none") },
    });
    expect(status).toBe(1);
    expect(stderr).toContain("wrk is not installed");
    expect(stderr).toContain("apt-get install -y wrk");
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
