// What `npm run cms:start` gives Strapi besides the operator's own settings
// (docs/decisions/134-cms-start-defaults.md): a default only for a variable that neither the
// environment nor cms/.env sets, each one printed with its reason, and the demo catalogue only
// when asked for. Strapi reads cms/.env itself but never over the environment it is started
// with, so a value put there by a script would silently win over the operator's file.
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { cmsSecrets } from "./cms-secrets.mjs";
import { ROOT } from "./lib.mjs";

/**
 * The NAME=value lines of a .env file (`export` and quotes allowed, `#` comments, the last line
 * of a name winning) as Strapi's dotenv reads them; a file that is not there has none.
 */
export function envFileValues(file) {
  const values = new Map();
  if (!existsSync(file)) return values;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = line.match(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/);
    if (!match) continue;
    const raw = match[2].trim();
    const quoted = raw.match(/^(['"`])(.*)\1/);
    values.set(match[1], quoted ? quoted[2] : raw.replace(/#.*$/, "").trim());
  }
  return values;
}

/** The value of NAME in a .env file, or undefined when it is missing or blank. */
export function envFileValue(file, name) {
  return envFileValues(file).get(name) || undefined;
}

/**
 * The operator's Worker token for `npm run cms:start`: the environment's CMS_API_TOKEN, else
 * cms/.env's. The Worker's forms answer 503 with any token but the one the operator gave it.
 */
export function operatorToken(env = process.env, envFile = join(ROOT, "cms", ".env")) {
  return env.CMS_API_TOKEN || envFileValue(envFile, "CMS_API_TOKEN");
}

/** Secrets Strapi refuses to start in production without: cms/config/lib/secrets.js names them. */
const SECRET_NAMES = Object.keys(cmsSecrets.SECRETS);

/**
 * The environment `npm run cms:start` adds for Strapi, and what it prints about it. `env` is the
 * environment it runs in, `envFile` cms/.env, `devVars` the site's .dev.vars (where `npm start`
 * keeps its CMS_API_TOKEN), `dataDir` the scratch folder (cms/.tmp or CMS_DATA_DIR) and
 * `scratchSecrets` a function returning the secrets kept there. Returns `vars` (only names
 * neither `env` nor `envFile` sets), `url` (where Strapi will answer), `token` (the Worker token
 * it keeps, or undefined) and `notes` (one line per default and per choice, with its reason).
 */
export function cmsStartEnv({
  env = process.env,
  envFile = join(ROOT, "cms", ".env"),
  devVars = join(ROOT, ".dev.vars"),
  dataDir,
  scratchSecrets = () => ({}),
}) {
  const file = envFileValues(envFile);
  const given = (name) => env[name] || file.get(name) || undefined;
  const from = (name) => (env[name] ? "the environment" : "cms/.env");
  const shown = (path) => {
    const near = relative(process.cwd(), path);
    return near.startsWith("..") ? path : near || ".";
  };
  const vars = {};
  const notes = [];
  const byDefault = (name, value, why) => {
    vars[name] = value;
    notes.push(`${name}=${value}: ${why}`);
  };

  if (!given("NODE_ENV"))
    byDefault(
      "NODE_ENV",
      "production",
      "as it is deployed: it needs its secrets and loads no demo content unasked",
    );

  // HOST and PORT keep Strapi's own defaults (cms/config/server.js): read here only to know the URL.
  const host = given("HOST") || "127.0.0.1";
  const port = given("PORT") || "1337";
  const defaults = given("HOST") || given("PORT") ? "" : " (the defaults; HOST and PORT change them)";
  notes.push(`Strapi on ${host}:${port}${defaults}`);
  const reachable = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  const url = `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;

  // The scratch folder holds a database only when the operator named none, so deleting it never
  // deletes media whose database lives on elsewhere.
  const client = (given("DATABASE_CLIENT") || "sqlite").trim();
  const scratch = client === "sqlite" && !given("DATABASE_FILENAME");
  if (scratch) {
    byDefault(
      "DATABASE_FILENAME",
      join(dataDir, "data.db"),
      `a SQLite database of this checkout's (deleting ${shown(dataDir)} starts over)`,
    );
  } else {
    const named = client === "sqlite" ? `SQLite at ${given("DATABASE_FILENAME")}` : `${client} (DATABASE_*)`;
    notes.push(
      `database: ${named}, from ${from(client === "sqlite" ? "DATABASE_FILENAME" : "DATABASE_CLIENT")}`,
    );
  }
  if (given("S3_BUCKET")) notes.push(`uploads: the bucket ${given("S3_BUCKET")} (S3_*)`);
  else if (given("CMS_PUBLIC_DIR"))
    notes.push(`uploads: ${given("CMS_PUBLIC_DIR")}/uploads, from ${from("CMS_PUBLIC_DIR")}`);
  else if (scratch)
    byDefault("CMS_PUBLIC_DIR", join(dataDir, "public"), "the uploads beside that database, deleted with it");
  else
    notes.push(
      "uploads: cms/public/uploads (Strapi's default beside your database; CMS_PUBLIC_DIR changes it)",
    );

  // Made-up secrets belong with a made-up database: a real one keeps the operator's.
  if (scratch && !existsSync(envFile)) {
    const secrets = Object.fromEntries(
      Object.entries(scratchSecrets()).filter(([name]) => SECRET_NAMES.includes(name) && !env[name]),
    );
    Object.assign(vars, secrets);
    if (Object.keys(secrets).length)
      notes.push(
        `${Object.keys(secrets).join(", ")}: from ${shown(join(dataDir, "secrets.env"))} (made on the first run)`,
      );
  }

  if (!given("CMS_SEED_DEMO"))
    byDefault(
      "CMS_SEED_DEMO",
      "false",
      "no demo catalogue unless asked (CMS_SEED_DEMO=true, into an empty database)",
    );
  else notes.push(`CMS_SEED_DEMO=${given("CMS_SEED_DEMO")}, from ${from("CMS_SEED_DEMO")}`);

  // The site's token is reused, never replaced: a made-up one would lock the site's forms out.
  const own = operatorToken(env, envFile);
  const site = own ? undefined : envFileValue(devVars, "CMS_API_TOKEN");
  if (own) notes.push(`CMS_API_TOKEN: from ${from("CMS_API_TOKEN")}`);
  else if (site) {
    vars.CMS_API_TOKEN = site;
    notes.push("CMS_API_TOKEN: the site's, from .dev.vars");
  } else {
    notes.push(
      "CMS_API_TOKEN: none in the environment, cms/.env or .dev.vars, so the Worker token the database has (crossfade-worker), if any, stays as it is; " +
        "to make one, put the same CMS_API_TOKEN=<openssl rand -hex 32> in cms/.env and .dev.vars",
    );
  }

  if (!given("STRAPI_TELEMETRY_DISABLED"))
    byDefault("STRAPI_TELEMETRY_DISABLED", "true", "a CMS started from a script sends Strapi no usage data");
  if (!given("BROWSER")) vars.BROWSER = "none";
  return { vars, url, token: own ?? site, notes };
}
