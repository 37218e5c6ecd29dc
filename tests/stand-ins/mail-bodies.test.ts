import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error: plain ESM helper shared with the start script
import { mailBodies } from "@scripts/lib.mjs";
import { afterEach, describe, expect, it } from "vitest";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A mail folder as the local Email Service writes it: one run, its text and HTML bodies. */
function mailDir() {
  const dir = mkdtempSync(join(tmpdir(), "mail-bodies-"));
  dirs.push(dir);
  for (const kind of ["email-text", "email-html"])
    mkdirSync(join(dir, "miniflare-1", "files", kind), { recursive: true });
  const write = (kind: "email-text" | "email-html", name: string, body: string) =>
    writeFileSync(join(dir, "miniflare-1", "files", kind, name), body);
  return { dir, write };
}

describe("mailBodies, the local Email Service's mails read from their files", () => {
  it("counts a mail only once both its bodies are written", () => {
    const { dir, write } = mailDir();
    write("email-text", "a.txt", "Subject: Fresh this week\nHello");
    expect(mailBodies(dir, "Fresh this week")).toEqual([]);
    write("email-html", "a.html", "<h1>Fresh this week</h1>");
    const mails = mailBodies(dir, "Fresh this week");
    expect(mails).toHaveLength(1);
    expect(mails[0].text.body).toContain("Hello");
    expect(mails[0].html.body).toContain("<h1>");
  });
});
