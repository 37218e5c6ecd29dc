// The `size` lane of `npm test` (after `build`): docs/decisions/019's size budgets, read from
// the production build. The Worker bundle's budget is the `deploy` lane (scripts/deploy-check.mjs).
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { test } from "node:test";
import {
  BUDGETS,
  EMBED_BUDGET,
  embedLoad,
  initialLoad,
  kb,
  MAIN_ROUTES,
  readManifest,
} from "../../bench/size.mjs";

const build = readManifest();

test(`the home page loads at most ${kb(BUDGETS.homeJs)} of JavaScript (gzip) before hydration`, () => {
  const { js } = initialLoad("routes/home", build);
  assert.ok(js <= BUDGETS.homeJs, `/ loads ${kb(js)} of JavaScript, over its ${kb(BUDGETS.homeJs)} budget`);
});

for (const [path, id] of MAIN_ROUTES) {
  test(`${path} loads at most ${kb(BUDGETS.css)} of CSS and ${kb(BUDGETS.homeJs)} of JavaScript (gzip)`, () => {
    const { js, css } = initialLoad(id, build);
    assert.ok(css <= BUDGETS.css, `${path} loads ${kb(css)} of CSS, over its ${kb(BUDGETS.css)} budget`);
    assert.ok(js <= BUDGETS.homeJs, `${path} loads ${kb(js)} of JavaScript, over ${kb(BUDGETS.homeJs)}`);
  });
}

test("the player bar, its engines and the search modal are not part of any page's initial JavaScript", () => {
  const { manifest } = build;
  const initial = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of [manifest.routes.root, ...MAIN_ROUTES.map(([, id]) => manifest.routes[id])]) {
    initial.add(r.module);
    for (const i of r.imports ?? []) initial.add(i);
  }
  const lazy = [...initial].filter((url) =>
    /\/(player-bar|mp3|youtube|soundcloud|spotify|search-modal)-[\w-]+\.js$/.test(url),
  );
  assert.deepEqual(lazy, []);
  // …and they exist as chunks of their own, loaded on use.
  const chunks = readdirSync(new URL("../../build/client/assets/", import.meta.url));
  for (const name of ["player-bar", "mp3", "youtube", "soundcloud", "spotify", "search-modal"]) {
    assert.ok(
      chunks.some((f) => f.startsWith(`${name}-`) && f.endsWith(".js")),
      `no ${name} chunk`,
    );
  }
});

for (const id of ["embed-blog", "embed-mixtapes", "embed-releases"]) {
  test(`/${id.replace("-", "/")}/:id loads at most ${kb(EMBED_BUDGET)} of JavaScript (gzip) beyond React's runtime`, () => {
    const { initial, onPlay, total } = embedLoad(id, build);
    assert.ok(
      total <= EMBED_BUDGET,
      `the embed loads ${kb(initial)} + ${kb(onPlay)} on Play beyond React, over ${kb(EMBED_BUDGET)}`,
    );
  });
}

test("the embed does not load the site's frame, the share dialog or the player bar", () => {
  const { manifest } = build;
  const embed = manifest.routes["embed-blog"];
  const loaded = [
    embed.module,
    ...(embed.imports ?? []),
    manifest.routes.root.module,
    ...(manifest.routes.root.imports ?? []),
  ];
  assert.deepEqual(
    loaded.filter((url) => /\/(site|site-layout|share|share-dialog|player-bar)-[\w-]+\.js$/.test(url)),
    [],
  );
});
