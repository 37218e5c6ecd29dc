import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import { cachedPage } from "../pages";
import { executionContext } from "./request-scope";

/**
 * The route table's first middleware: a page the isolate holds (worker/pages.ts `cachedPage`,
 * docs/decisions/101) is answered at once, with the same answer the rest of the table would give
 * it, before the other middleware build the request's content service and router context
 * (docs/decisions/132). Everything else goes on down the table. A failure of this short way is
 * left to the whole one, which reports what it meets.
 */
export const heldPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  const hit = await cachedPage(c.req.raw, c.env, executionContext(c)).catch(() => undefined);
  if (hit) return hit;
  await next();
};
