import { deployConfigReport } from "@worker/config-preflight";
import { describe, expect, it } from "vitest";

// Mail needs both ends (docs/operations.md "Sending mail"): the sender and a way to send.
const BOUND = {
  d1_databases: [{ binding: "DB" }],
  kv_namespaces: [{ binding: "CACHE" }],
  r2_buckets: [{ binding: "UPLOADS" }],
  send_email: [{ name: "EMAIL" }],
  queues: { producers: [{ binding: "MAIL_QUEUE" }] },
};
const SITE = { SITE_URL: "https://crossfade.example" };
const names = (problems: { name: string }[]) => problems.map((p) => p.name);

describe("the mail configuration before a deploy", () => {
  it("accepts the Email Service binding with or without a sender (without one, mail is off)", () => {
    expect(deployConfigReport({ ...BOUND, vars: SITE })).toMatchObject({ errors: [], warnings: [] });
    expect(
      deployConfigReport({ ...BOUND, vars: { ...SITE, MAIL_FROM: "news@crossfade.example" } }),
    ).toMatchObject({
      errors: [],
      warnings: [],
    });
  });

  it("refuses a sender that is no address, and names a sender with nothing to send it", () => {
    const bad = deployConfigReport({ ...BOUND, vars: { ...SITE, MAIL_FROM: "newsletter" } });
    expect(names(bad.errors)).toEqual([]);
    expect(bad.warnings).toEqual([
      expect.objectContaining({
        name: "MAIL_FROM",
        message: expect.stringMatching(/^"newsletter" is not an e-mail address/),
      }),
    ]);
    const unsendable = deployConfigReport({
      d1_databases: BOUND.d1_databases,
      kv_namespaces: BOUND.kv_namespaces,
      r2_buckets: BOUND.r2_buckets,
      vars: { ...SITE, MAIL_FROM: "news@crossfade.example" },
    });
    // The provider's key may be stored with `wrangler secret put`: named, as unverified.
    expect(names(unsendable.warnings)).toEqual(["MAIL_QUEUE", "MAIL_API_KEY"]);
    expect(unsendable.warnings[1]?.message).toMatch(/^missing: MAIL_FROM is set but nothing can send/);
    const withKey = deployConfigReport(
      { ...BOUND, send_email: [], vars: { ...SITE, MAIL_FROM: "news@crossfade.example" } },
      { MAIL_API_KEY: "re_key" },
    );
    expect(withKey).toMatchObject({ errors: [], warnings: [] });
  });

  it("fails a provider key without a sender", () => {
    const report = deployConfigReport({ ...BOUND, vars: SITE }, { MAIL_API_KEY: "re_key" });
    expect(report.errors).toEqual([
      expect.objectContaining({
        name: "MAIL_FROM",
        message: expect.stringMatching(/^missing: MAIL_API_KEY is set/),
      }),
    ]);
  });
});
