import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

type Env = Record<string, string | undefined>;
// The module `npm run cms:secrets` (./cms-secrets.mjs) and the CMS's config files both use.
const cmsSecrets = createRequire(import.meta.url)("../cms/config/lib/secrets.js") as {
  freshSecrets(): string;
  secretProblems(env: Env): string[];
  assertProductionSecrets(env: Env): void;
};

// cms/config/lib/secrets.js: production refuses unset or default secrets in one line naming each.
const NAMES = [
  "APP_KEYS",
  "ADMIN_JWT_SECRET",
  "API_TOKEN_SALT",
  "TRANSFER_TOKEN_SALT",
  "ENCRYPTION_KEY",
  "JWT_SECRET",
];

/** `npm run cms:secrets`'s output as an environment. */
function fresh(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of cmsSecrets.freshSecrets().split("\n")) {
    const match = line.match(/^([A-Z_]+)=(.+)$/);
    if (match) env[match[1] as string] = match[2] as string;
  }
  return env;
}

const refusal = (env: Env) => {
  try {
    cmsSecrets.assertProductionSecrets(env);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe("the CMS's production secrets", () => {
  it("refuses production without any secret, naming all six in one line", () => {
    const message = refusal({ NODE_ENV: "production" });
    expect(message).toBe(
      "Refusing to start in production: set APP_KEYS (unset), ADMIN_JWT_SECRET (unset), API_TOKEN_SALT (unset), " +
        "TRANSFER_TOKEN_SALT (unset), ENCRYPTION_KEY (unset), JWT_SECRET (unset) in the environment or cms/.env " +
        "(`npm run cms:secrets` prints a fresh set; see cms/.env.example).",
    );
    expect(message).not.toContain("\n");
  });

  it("names only the ones that are unset, blank or a known default", () => {
    const env = {
      ...fresh(),
      NODE_ENV: "production",
      ADMIN_JWT_SECRET: "crossfade-dev-admin-jwt-secret",
      // One default key among good ones is still a default.
      APP_KEYS: `${fresh().ADMIN_JWT_SECRET},crossfade-dev-key-2`,
      JWT_SECRET: "   ",
      ENCRYPTION_KEY: "tobemodified",
    };
    expect(refusal(env)).toMatch(
      /^Refusing to start in production: set APP_KEYS \(a known default\), ADMIN_JWT_SECRET \(a known default\), ENCRYPTION_KEY \(a known default\), JWT_SECRET \(unset\) in /,
    );
  });

  it("starts in production with a fresh set from npm run cms:secrets", () => {
    const env = fresh();
    expect(Object.keys(env)).toEqual(NAMES);
    expect(env.APP_KEYS?.split(",")).toHaveLength(4);
    expect(refusal({ ...env, NODE_ENV: "production" })).toBeNull();
    // Crypto random: two sets share no value.
    const other = fresh();
    for (const name of NAMES) expect(other[name]).not.toBe(env[name]);
  });

  it("keeps development working on the defaults", () => {
    expect(refusal({})).toBeNull();
    expect(refusal({ NODE_ENV: "development" })).toBeNull();
    expect(cmsSecrets.secretProblems({})).toHaveLength(6);
  });
});
