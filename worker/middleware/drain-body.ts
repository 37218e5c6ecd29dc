import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";

/**
 * Bodies a handler answered without reading (docs/decisions/067-unread-bodies.md): a 413 refused
 * on its Content-Length, the unsubscribe confirmation, a refused sign-in, a POST to a page, a 401
 * to a PUT. Left unread, the rest of the body stays in the connection: the local server
 * (workerd behind `wrangler dev`) then sends the answer to a client still sending, which loses it
 * (the 413 page arrived empty), or reads the leftover bytes as the next request on a kept-alive
 * connection (which hung). So every such body is read to its end and dropped before the answer
 * leaves, up to DRAIN_MAX_BYTES; a larger one is cancelled.
 */
export const drainUnreadBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  await drain(c.req.raw);
};

/** Past this many bytes a body is cancelled rather than read on (above every form's limit). */
export const DRAIN_MAX_BYTES = 128 * 1024 * 1024;

/** Reads `request`'s body to its end if nothing did, dropping the bytes; cancels a longer one. */
export async function drain(request: Request): Promise<void> {
  const body = request.body;
  if (!body || request.bodyUsed || body.locked) return;
  const reader = body.getReader();
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value?.byteLength ?? 0;
      if (seen > DRAIN_MAX_BYTES) {
        await reader.cancel("too large to drain");
        return;
      }
    }
  } catch {
    // The client went away mid-body: nothing is left to read.
  } finally {
    reader.releaseLock();
  }
}
