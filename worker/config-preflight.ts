import { CONFIG_SCHEMA, type ConfigProblem, checkConfig, PRODUCTION_REQUIRED } from "./config";
import type { WorkerEnv } from "./env";

/**
 * worker/config.ts's check on what is known before a deploy (scripts/deploy-check.mjs): the vars
 * and bindings of the flattened build/server/wrangler.json, and the secrets of a secrets file.
 * Secrets already stored with `wrangler secret put` cannot be seen from here, so a required
 * secret that is missing is named as a warning ("unverified"), never a failure; everything else
 * keeps the severity the Worker gives it.
 */

/** The parts of a flattened wrangler.json the check reads. */
export interface WranglerJson {
  vars?: Record<string, unknown>;
  d1_databases?: { binding: string }[];
  kv_namespaces?: { binding: string }[];
  r2_buckets?: { binding: string }[];
  assets?: { binding?: string };
  send_email?: { name: string }[];
  queues?: { producers?: { binding: string }[] };
}

/** What `wrangler secret put` sets: the settings that never appear in wrangler.toml. */
export const SECRET_NAMES = [
  "CMS_API_TOKEN",
  "MEILISEARCH_SEARCH_KEY",
  "ADMIN_TOKEN",
  "PURGE_TOKEN",
  "RATE_LIMIT_SALT",
  "SENTRY_DSN",
  "MAIL_API_KEY",
  "MAIL_WEBHOOK_SECRET",
  "TURNSTILE_SECRET",
] as const;

export interface DeployConfigReport {
  mode: "embedded" | "cms";
  errors: ConfigProblem[];
  /** Optional settings that are unusable, and required secrets this check could not see. */
  warnings: ConfigProblem[];
}

const stub = (methods: string[]) => Object.fromEntries(methods.map((m) => [m, () => undefined]));

/** `KEY=value` lines (as `wrangler deploy --secrets-file` takes them in .env form). */
export function parseSecretsFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = line.match(/^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/);
    if (match) out[match[1] as string] = (match[2] as string).replace(/^(['"])(.*)\1$/, "$2");
  }
  return out;
}

export function deployConfigReport(
  config: WranglerJson,
  secrets: Record<string, string> = {},
  environment?: string,
): DeployConfigReport {
  const env: Record<string, unknown> = { ...config.vars };
  for (const { binding } of config.d1_databases ?? []) env[binding] = stub(["prepare", "batch"]);
  for (const { binding } of config.kv_namespaces ?? []) env[binding] = stub(["get", "put", "delete"]);
  for (const { binding } of config.r2_buckets ?? []) env[binding] = stub(["get", "put", "head"]);
  if (config.assets?.binding) env[config.assets.binding] = stub(["fetch"]);
  for (const { name } of config.send_email ?? []) env[name] = stub(["send"]);
  for (const { binding } of config.queues?.producers ?? []) env[binding] = stub(["send", "sendBatch"]);
  const known = new Set(CONFIG_SCHEMA.map((s) => s.name));
  for (const name of SECRET_NAMES) if (known.has(name) && secrets[name]) env[name] = secrets[name];
  const report = checkConfig(env as Partial<WorkerEnv>);
  const unverified = (p: ConfigProblem) =>
    (SECRET_NAMES as readonly string[]).includes(p.name) && p.message.startsWith("missing");
  // Optional for the Worker, required of a production deploy (the podcast directories' owner).
  const forProduction: ConfigProblem[] =
    environment === "production"
      ? PRODUCTION_REQUIRED.filter((name) => !String(config.vars?.[name] ?? "").trim()).map((name) => ({
          name,
          severity: "error",
          message: `missing: required for production (wrangler.toml [env.production.vars]): ${
            CONFIG_SCHEMA.find((s) => s.name === name)?.without
          }`,
        }))
      : [];
  return {
    mode: report.mode,
    errors: [...forProduction, ...report.problems.filter((p) => p.severity === "error" && !unverified(p))],
    warnings: report.problems
      .filter((p) => p.severity === "warning" || unverified(p))
      .map((p) =>
        unverified(p)
          ? {
              ...p,
              severity: "warning",
              message: `${p.message} (not in the secrets file: fine if already set with \`wrangler secret put ${p.name}\`)`,
            }
          : p,
      ),
  };
}
