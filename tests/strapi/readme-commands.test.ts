import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM helper of the CMS runner
import { freePort } from "../../scripts/cms.mjs";
import { ROOT, readSource } from "../repo/source-files";

// docs/cms.md "Try it on one machine" tells an operator to paste one block into two shells: the tokens
// and `npm run cms:start` in one, `npm start` against that Strapi in the other. This runs that
// block as written, in a shell with no variable of the lane's (scripts/strapi-lane.mjs runs it
// after its own Strapi and Worker have stopped), on free ports instead of 1337 and 8787 and with
// Strapi's data in a fresh folder (CMS_DATA_DIR) instead of cms/.tmp.

const SECTION = "## Try it on one machine";

/** Text as React writes it into HTML. */
const escapeHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

/** docs/cms.md's first `sh` block after SECTION, one array of command lines per `#` comment. */
function readmeShells(): string[][] {
  const readme = readSource("docs/cms.md");
  const section = readme.slice(readme.indexOf(SECTION));
  const block = section.match(/```sh\n([\s\S]*?)```/)?.[1] ?? "";
  const shells: string[][] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("#")) shells.push([]);
    else if (line.trim()) shells.at(-1)?.push(line);
  }
  return shells;
}

const logs = mkdtempSync(join(tmpdir(), "cms-readme-"));
const running: ChildProcess[] = [];

/** A person's shell: PATH and HOME, nothing the test runner set. */
function shellEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { PATH, HOME, LANG, TMPDIR } = process.env;
  return { PATH, HOME, LANG, TMPDIR, CI: "true", ...extra };
}

function startShell(name: string, command: string, env: NodeJS.ProcessEnv) {
  const logPath = join(logs, `${name}.log`);
  const out = openSync(logPath, "a");
  const child = spawn("bash", ["-c", command], {
    cwd: ROOT,
    env,
    stdio: ["ignore", out, out],
    detached: true,
  });
  running.push(child);
  return { child, output: () => readFileSync(logPath, "utf8") };
}

async function until(url: string, started: { child: ChildProcess; output: () => string }, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`exited early:\n${started.output().slice(-3000)}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${seconds} s:\n${started.output().slice(-3000)}`);
}

afterAll(async () => {
  for (const child of running) {
    if (child.exitCode !== null || child.pid === undefined) continue;
    const exited = new Promise((r) => child.once("exit", r));
    process.kill(-child.pid, "SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
  }
});

describe("README's CMS block, run as written", () => {
  const shells = readmeShells();

  it("has the two shells an operator opens", () => {
    expect(shells).toHaveLength(2);
    expect(shells[0]?.at(-1)).toContain("npm run cms:start");
    expect(shells[1]?.at(-1)).toContain("npm start");
  });

  it("starts Strapi with the operator's token and the site with content from it", async () => {
    const [cmsShell = [], siteShell = []] = shells;
    const [cmsPort, sitePort] = [await freePort(), await freePort()];
    const ports = (line: string) =>
      line
        .replaceAll("127.0.0.1:1337", `127.0.0.1:${cmsPort}`)
        .replaceAll("127.0.0.1:8787", `127.0.0.1:${sitePort}`)
        .replaceAll("localhost:8787", `localhost:${sitePort}`);

    // What the first shell exports, the second has too ("with the same two tokens exported").
    const exportLines = cmsShell.filter((l) => l.startsWith("export "));
    const names = exportLines.flatMap((l) => [...l.matchAll(/([A-Z_]+)=/g)].map((m) => m[1] as string));
    expect(names).toEqual(["CMS_API_TOKEN", "PURGE_TOKEN"]);
    const printed = execFileSync(
      "bash",
      ["-c", `${exportLines.join("\n")}\n${names.map((n) => `printf '%s\\n' "$${n}"`).join("\n")}`],
      { encoding: "utf8" },
    ).split("\n");
    const tokens = Object.fromEntries(names.map((n, i) => [n, printed[i] ?? ""]));
    expect(tokens.CMS_API_TOKEN).toMatch(/^[0-9a-f]{64}$/);

    const cms = startShell(
      "cms",
      cmsShell
        .filter((l) => !l.startsWith("export "))
        .map(ports)
        .join("\n"),
      shellEnv({ ...tokens, PORT: String(cmsPort), CMS_DATA_DIR: join(logs, "cms-data") }),
    );
    const cmsUrl = `http://127.0.0.1:${cmsPort}`;
    await until(`${cmsUrl}/api/blog-posts?pagination[pageSize]=1`, cms, 240);
    // The operator's token was kept, not replaced by a random one: it lists submissions.
    expect(cms.output()).not.toContain("API token for this run");
    const listed = await fetch(`${cmsUrl}/api/submissions`, {
      headers: { Authorization: `Bearer ${tokens.CMS_API_TOKEN}` },
    });
    expect(listed.status).toBe(200);

    const site = startShell(
      "site",
      siteShell.map(ports).join("\n"),
      shellEnv({ ...tokens, PORT: String(sitePort) }),
    );
    const siteUrl = `http://127.0.0.1:${sitePort}`;
    await until(`${siteUrl}/api/health`, site, 240);
    expect(site.output()).toContain(`Content source: Strapi at http://127.0.0.1:${cmsPort}/api`);
    expect(site.output()).not.toContain("Loaded the demo catalogue");

    // The newest post Strapi publishes is the site's, at its own address.
    const newest = (await (
      await fetch(
        `${cmsUrl}/api/blog-posts?sort=postDate:desc&pagination[pageSize]=1&fields[0]=title&fields[1]=slug`,
      )
    ).json()) as { data: { title: string; slug: string }[] };
    const post = newest.data[0];
    expect(post?.title).toEqual(expect.any(String));
    const page = await fetch(`${siteUrl}/blog/${post?.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(escapeHtml(post?.title ?? "?"));

    // The site's writes reach Strapi with the shared token.
    const signUp = await fetch(`${siteUrl}/api/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: `readme.${Date.now()}@example.com` }),
    });
    expect(signUp.status).toBe(200);
  }, 600_000);
});

describe("the installs the README runs", () => {
  it("leave both lockfiles as committed", () => {
    const changed = execFileSync(
      "git",
      ["status", "--porcelain", "--", "package-lock.json", "cms/package-lock.json"],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(changed).toBe("");
  });
});
