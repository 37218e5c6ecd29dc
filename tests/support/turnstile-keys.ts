/**
 * Cloudflare's published Turnstile test keys (developers.cloudflare.com/turnstile/troubleshooting/testing/):
 * the test site keys make the dummy token; the test secret keys pass it, fail every token, or
 * call it already spent. Shared by the siteverify stand-in (Node) and the workerd tests.
 */
export const TURNSTILE_TEST_KEYS = {
  /** Always passes, visible widget. */
  siteKey: "1x00000000000000000000AA",
  passes: "1x0000000000000000000000000000000AA",
  fails: "2x0000000000000000000000000000000AA",
  spent: "3x0000000000000000000000000000000AA",
  dummyToken: "XXXX.DUMMY.TOKEN.XXXX",
} as const;
