import { env } from "cloudflare:workers";
import { newSession, SESSION_COOKIE, sealSession } from "@worker/admin/session";
import type { WorkerEnv } from "@worker/env";
import { recordSession } from "@worker/ops/d1/sessions";
import { callApp } from "./helpers";

const TOKEN = "test-admin-token-0123456789abcdef0123456789";
const ORIGIN = "http://localhost";

/**
 * An operator signed in to the review desk, calling the Worker with `bindings`: `get` reads a
 * desk page, `post` sends one of its forms with the page's CSRF token (read from the page at
 * `from`) and the desk's origin, as the browser does.
 */
export async function signedInDesk(bindings: Partial<WorkerEnv> = {}) {
  const session = newSession();
  await recordSession(env.DB, session);
  const headers = { Cookie: `${SESSION_COOKIE}=${await sealSession(TOKEN, session)}` };
  const get = (path: string) => callApp(path, { headers }, bindings);
  const csrfOf = async (from: string) =>
    /name="csrf" value="([^"]+)"/.exec(await (await get(from)).text())?.[1] ?? "";
  const post = async (path: string, fields: Record<string, string>, from = "/admin/submissions") =>
    callApp(
      path,
      {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf: await csrfOf(from), ...fields }).toString(),
      },
      bindings,
    );
  return { get, post };
}
