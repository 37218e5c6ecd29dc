import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { contentContext } from "../app/lib/context";
import { createContentService, describeSources } from "./content/service";
import { APP_VERSION, type WorkerEnv } from "./env";

const handleRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export const app = new Hono<{ Bindings: WorkerEnv }>();

app.get("/api/health", (c) => {
  const sources = describeSources(c.env);
  return c.json({ status: "ok", version: c.env.APP_VERSION || APP_VERSION, sources }, 200, {
    "Cache-Control": "no-store",
  });
});

app.all("/api/*", (c) => c.json({ error: "Not found" }, 404));

// Everything else is a page: React Router renders it (GET/HEAD) or runs its action (POST).
app.all("*", (c) => {
  const context = new RouterContextProvider();
  context.set(contentContext, createContentService(c.env));
  return handleRequest(c.req.raw, context);
});
