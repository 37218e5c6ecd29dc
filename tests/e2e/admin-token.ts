// @ts-expect-error: plain ESM helper shared with the scripts
import { SECRET_CANARIES } from "@scripts/lib.mjs";

/**
 * The ADMIN_TOKEN the end-to-end server runs with (global-setup.ts), for the admin endpoints: a
 * canary value, so the secrets test can prove it never reaches a page or the build.
 */
export const E2E_ADMIN_TOKEN: string = SECRET_CANARIES.ADMIN_TOKEN;
