// `npm start`: production build, local D1 migrated and seeded with the demo catalogue, then the
// Worker on http://localhost:8787 (README.md "Quick start").
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { tsImport } from "tsx/esm/api";
import { build, mailBodies, prepareDatabase, ROOT, serve } from "./lib.mjs";

const port = Number(process.env.PORT ?? 8787);
const DEMO_SENDER = "newsletter@crossfade.example";
const persistTo = join(ROOT, ".wrangler", "state");

console.log("Building the production bundle…");
build();
console.log("Preparing the local D1 database…");
const db = prepareDatabase(persistTo);
// In CMS mode the content comes from Strapi: what the local D1 holds is not what the site shows.
const cmsUrl = process.env.CMS_URL ?? devVar("CMS_URL");
if (cmsUrl)
  console.log(
    "The local D1 keeps only the forms' and the desk's rate limits: the content comes from the CMS.",
  );
else
  console.log(db.seeded ? "Loaded the demo catalogue." : `Kept the existing database (${db.posts} posts).`);
// Every variable and secret of docs/configuration.md (worker/config.ts) set in this process's
// environment is passed on as a wrangler var; they win over .dev.vars, which the build copies
// next to build/server/wrangler.json. CMS_URL set: content comes from that Strapi.
const { CONFIG_SCHEMA } = await tsImport("../worker/config.ts", import.meta.url);
const BINDINGS = new Set(["d1", "kv", "r2", "fetcher", "images"]);
const vars = {};
for (const { name, kind } of CONFIG_SCHEMA) {
  if (!BINDINGS.has(kind) && process.env[name]) vars[name] = process.env[name];
}
if (Object.keys(vars).length) console.log(`From the environment: ${Object.keys(vars).join(", ")}`);
if (cmsUrl) console.log(`Content source: Strapi at ${cmsUrl}`);
// Mail on with a demo sender, through the local Email Service binding (wrangler.toml): a sign-up
// gets its confirmation mail, written to files (docs/operations.md "Sending mail").
const mailDir = join(ROOT, ".wrangler", "mail");
if (!vars.MAIL_FROM && !devVar("MAIL_FROM")) vars.MAIL_FROM = DEMO_SENDER;
if (!process.env.SITE_URL && port !== 8787) vars.SITE_URL = `http://localhost:${port}`;
// The rate limiters' key, made once per checkout and kept beside the local D1 (scripts/local-salt.ts).
const { localPreviewSecret, localSalt } = await tsImport("./local-salt.ts", import.meta.url);
if (!vars.RATE_LIMIT_SALT && !devVar("RATE_LIMIT_SALT")) vars.RATE_LIMIT_SALT = localSalt(persistTo);
// The preview links' key, kept there too: `npm run content -- preview` signs with the same one.
if (!vars.PREVIEW_SECRET && !devVar("PREVIEW_SECRET")) vars.PREVIEW_SECRET = localPreviewSecret(persistTo);
const server = await serve({ port, persistTo, ip: process.env.HOST ?? "127.0.0.1", vars, mailDir });
console.log(`Crossfade is running at http://localhost:${port} (Ctrl+C to stop)`);
console.log(
  `Mail is sent from ${vars.MAIL_FROM ?? devVar("MAIL_FROM")} through the local Email Service: each mail's text and HTML are written under ${relative(ROOT, mailDir)}/miniflare-*/files/email-text/ and email-html/ (new ones are named below).`,
);
watchMail(mailDir);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.stop();
    process.exit(0);
  });
}
server.child.on("exit", (code) => process.exit(code ?? 0));

/** A variable of .dev.vars in the repository root (NAME=value lines), if it is set there. */
function devVar(name) {
  const file = join(ROOT, ".dev.vars");
  if (!existsSync(file)) return undefined;
  const line = readFileSync(file, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}=`));
  return line?.slice(name.length + 1).trim() || undefined;
}

/** Names each mail the local Email Service writes, with the first link in it (a confirmation). */
function watchMail(dir) {
  const seen = new Set(mailBodies(dir, "").map((m) => m.text.path));
  setInterval(() => {
    for (const mail of mailBodies(dir, "").reverse()) {
      if (seen.has(mail.text.path)) continue;
      seen.add(mail.text.path);
      const link = mail.text.body.match(/https?:\/\/\S+/)?.[0];
      console.log(`Mail written: ${relative(ROOT, mail.text.path)}${link ? ` (first link: ${link})` : ""}`);
    }
  }, 1000).unref();
}
