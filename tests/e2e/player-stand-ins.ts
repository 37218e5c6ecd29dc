import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";

const standIn = (name: string) => readFileSync(join(import.meta.dirname, "stand-ins", name), "utf8");

/** Serves local stand-ins for the third-party player scripts; the real ones cannot load here. */
export async function withPlayerStandIns(page: Page) {
  await page.route("https://www.youtube.com/iframe_api", (r) =>
    r.fulfill({ contentType: "text/javascript", body: standIn("youtube-iframe-api.js") }),
  );
  await page.route("https://w.soundcloud.com/player/api.js", (r) =>
    r.fulfill({ contentType: "text/javascript", body: standIn("soundcloud-widget-api.js") }),
  );
  await page.route("https://w.soundcloud.com/player/?**", (r) =>
    r.fulfill({ contentType: "text/html", body: "" }),
  );
  await page.route("https://open.spotify.com/embed/iframe-api/v1", (r) =>
    r.fulfill({ contentType: "text/javascript", body: standIn("spotify-iframe-api.js") }),
  );
}
