import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";

/** The API answers per caller (submissions, newsletter, purge): no cache may keep them. */
export const apiNoStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
};
