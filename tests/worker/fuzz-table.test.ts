import * as build from "virtual:react-router/server-build";
import { app } from "@worker/app";
import { describe, expect, it } from "vitest";
import { FUZZED_ROUTES, PAGE_ROUTES, WORKER_ROUTES } from "./fuzz-routes";
import { callApp } from "./helpers";

// The bad-input properties (tests/worker/fuzz.ts) run over tests/worker/fuzz-routes.ts: a route
// added to app/routes.ts or to the Hono app without a row there would go unfuzzed.

interface BuiltRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}

/** A React Router route's whole path, as app/routes.ts nests it ("/" for the index route). */
function fullPath(routes: Record<string, BuiltRoute | undefined>, id: string): string {
  const route = routes[id];
  if (!route) return "";
  const parent = route.parentId ? fullPath(routes, route.parentId) : "";
  return `${parent}${route.path ? `/${route.path}` : ""}`;
}

describe("the fuzzed routes", () => {
  it("are every page of app/routes.ts", () => {
    const routes = build.routes as Record<string, BuiltRoute | undefined>;
    const pages = Object.values(routes)
      .filter((route): route is BuiltRoute => Boolean(route && (route.index || route.path)))
      .map((route) => fullPath(routes, route.id) || "/");
    expect(new Set(PAGE_ROUTES.map((row) => row.route))).toEqual(new Set(pages));
  });

  it("are every GET route of the Hono app", () => {
    const gets = app.routes.filter((route) => route.method === "GET").map((route) => route.path);
    expect(new Set(WORKER_ROUTES.map((row) => row.route))).toEqual(new Set(gets));
  });

  it("are named once each, and each example is an address of its route the Worker answers", async () => {
    const names = FUZZED_ROUTES.map((row) => row.route);
    expect(names.length).toBe(new Set(names).size);
    const answers: string[] = [];
    for (const row of FUZZED_ROUTES) {
      // Signed-in routes and the mail links need what the fuzz sends them; the rest answer as is.
      if (row.auth || row.refusal?.source.includes("link is incomplete")) continue;
      const res = await callApp(row.example);
      await res.body?.cancel();
      answers.push(`${row.example} ${res.status}`);
    }
    // Besides 200: the not-found route; oEmbed without its url; audio, as the test Worker has an
    // empty MEDIA bucket and no copy of public/; a photo it does not hold; a CMS upload without a
    // CMS (the test Worker runs the embedded store).
    const NOT_200: Record<string, number> = {
      "/no-such-page": 404,
      "/oembed": 400,
      "/media/audio/deep-pulse.mp3": 404,
      [`/media/img/${"0".repeat(24)}/480`]: 404,
      "/media/cms/uploads/cover_1.jpg/480": 404,
    };
    const expected = (example: string) => NOT_200[example] ?? 200;
    expect(answers).toEqual(
      answers.map((answer) => `${answer.split(" ")[0]} ${expected(answer.split(" ")[0] ?? "")}`),
    );
  });
});
