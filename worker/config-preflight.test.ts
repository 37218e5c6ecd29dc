import { describe, expect, it } from "vitest";
import { deployConfigReport, parseSecretsFile } from "./config-preflight";

// scripts/deploy-check.mjs: the Worker's configuration check on a flattened wrangler.json.
const BOUND = {
  d1_databases: [{ binding: "DB" }],
  kv_namespaces: [{ binding: "CACHE" }],
  r2_buckets: [{ binding: "UPLOADS" }, { binding: "MEDIA" }],
  assets: { binding: "ASSETS" },
};
const SITE = { SITE_URL: "https://crossfade.example", SITE_NAME: "Crossfade" };

describe("the configuration check before a deploy", () => {
  it("finds nothing wrong with the embedded mode of wrangler.toml", () => {
    expect(deployConfigReport({ ...BOUND, vars: SITE })).toEqual({
      mode: "embedded",
      errors: [],
      warnings: [],
    });
  });

  it("names CMS_API_TOKEN in CMS mode when the secrets file lacks it, as unverified", () => {
    const report = deployConfigReport({
      kv_namespaces: [{ binding: "CACHE" }],
      vars: { ...SITE, CMS_URL: "https://cms.crossfade.example/api" },
    });
    expect(report.mode).toBe("cms");
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([
      {
        name: "CMS_API_TOKEN",
        severity: "warning",
        message: expect.stringMatching(
          /^missing: Strapi refuses submissions.*\(not in the secrets file: fine if already set with `wrangler secret put CMS_API_TOKEN`\)$/,
        ),
      },
    ]);
    const withToken = deployConfigReport(
      {
        kv_namespaces: [{ binding: "CACHE" }],
        vars: { ...SITE, CMS_URL: "https://cms.crossfade.example/api" },
      },
      parseSecretsFile("ADMIN_TOKEN=abc\nCMS_API_TOKEN='a-strapi-token'\n"),
    );
    // The file's values are checked as the Worker would: a short ADMIN_TOKEN is named.
    expect(withToken.warnings.map((p) => `${p.name} ${p.message}`)).toEqual([
      "ADMIN_TOKEN shorter than 32 characters: the review desk and the admin API (submissions, subscribers, uploads) answer 404",
    ]);
  });

  it("fails on what the Worker would count as an error: a missing binding or a malformed variable", () => {
    const report = deployConfigReport({ vars: { SITE_URL: "crossfade.example", CMS_URL: "cms" } });
    expect(report.errors.map((p) => p.name)).toEqual(["CACHE", "SITE_URL", "CMS_URL"]);
  });

  it("names RATE_LIMIT_SALT for a deployed environment: unverified without it in the file, an error when short", () => {
    const production = { ...BOUND, vars: { ...SITE, SENTRY_ENVIRONMENT: "production" } };
    expect(deployConfigReport(production).warnings).toEqual([
      {
        name: "RATE_LIMIT_SALT",
        severity: "warning",
        message: expect.stringMatching(
          /^missing: each Worker isolate keys the rate limits .*\(not in the secrets file: fine if already set with `wrangler secret put RATE_LIMIT_SALT`\)$/,
        ),
      },
    ]);
    const short = deployConfigReport(production, parseSecretsFile("RATE_LIMIT_SALT=abc\n"));
    expect(short.errors.map((p) => `${p.name} ${p.message}`)).toEqual([
      "RATE_LIMIT_SALT shorter than 32 characters: each Worker isolate keys the rate limits with a salt of its own, made at random, so a client gets a budget per isolate",
    ]);
    const salted = parseSecretsFile(`RATE_LIMIT_SALT=${"ab".repeat(32)}\n`);
    expect(deployConfigReport(production, salted)).toMatchObject({ errors: [], warnings: [] });
    // Locally (development) the isolate's own salt is fine.
    expect(
      deployConfigReport({ ...BOUND, vars: { ...SITE, SENTRY_ENVIRONMENT: "development" } }).warnings,
    ).toEqual([]);
  });

  it("requires the podcast's owner for production only, and checks its address wherever it is set", () => {
    const owner = {
      PODCAST_OWNER_NAME: "Crossfade Records",
      PODCAST_OWNER_EMAIL: "podcast@crossfade.example",
    };
    const blank = { PODCAST_OWNER_NAME: "", PODCAST_OWNER_EMAIL: "" };
    expect(
      deployConfigReport({ ...BOUND, vars: { ...SITE, ...blank } }, {}, "production").errors.map(
        (p) => p.name,
      ),
    ).toEqual(["PODCAST_OWNER_NAME", "PODCAST_OWNER_EMAIL"]);
    expect(deployConfigReport({ ...BOUND, vars: { ...SITE, ...owner } }, {}, "production").errors).toEqual(
      [],
    );
    expect(deployConfigReport({ ...BOUND, vars: { ...SITE, ...blank } }, {}, "staging").errors).toEqual([]);
    const typo = deployConfigReport({
      ...BOUND,
      vars: { ...SITE, PODCAST_OWNER_EMAIL: "podcast.crossfade.example" },
    });
    expect(typo.warnings.map((p) => `${p.name} ${p.message}`)).toEqual([
      'PODCAST_OWNER_EMAIL "podcast.crossfade.example" is not an e-mail address: the podcast feed names no owner: Apple Podcasts and Spotify refuse it',
    ]);
  });
});
