/** The ADMIN_TOKEN the end-to-end server runs with (global-setup.ts), for the admin endpoints. */
export const E2E_ADMIN_TOKEN = "e2e-admin-token-7c1f";
