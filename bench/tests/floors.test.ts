import { describe, expect, it } from "vitest";
import { copyOf, floorHeaders, subresourcesOf, withoutScripts } from "../floors.mjs";

// The Lighthouse bench's floors (bench/floors.mjs, bench/decisions/100-lighthouse-floors.md) copy a page React's server
// wrote: the limit keeps its HTML without scripts, the framework floor renders its elements again
// with React's prop names.

const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<style nonce="n1">a>b{color:red}</style><title>A &amp; B</title>',
  '<link rel="modulepreload" href="/assets/a.js" nonce="n1"/><script nonce="n1">var a="</div>";</script></head>',
  '<body class="layout-site"><div style="--gap:1px;background-color:red" hidden="">',
  '<svg viewBox="0 0 1 1"><linearGradient id="g"></linearGradient><path stroke-width="2" d="M0"></path></svg>',
  '<p>Hi<!-- -->there &#x27;x&#x27;</p><input value="q" disabled=""/><label for="q">L</label></div>',
  '<script type="module" nonce="n1">import "/assets/a.js";</script></body></html>',
].join("");

describe("the floors' copies of a page", () => {
  it("leave out every script and modulepreload and keep the rest byte for byte", () => {
    const limit = withoutScripts(page);
    expect(limit).not.toMatch(/<script|modulepreload/);
    expect(limit).toContain('<style nonce="n1">a>b{color:red}</style><title>A &amp; B</title></head>');
    expect(limit).toContain('<label for="q">L</label></div></body></html>');
  });

  it("give the framework floor the head and body as elements with React's prop names", () => {
    const copy = copyOf(page);
    expect(copy.lang).toBe("en");
    expect(copy.bodyProps).toEqual({ className: "layout-site" });
    expect(copy.head).toEqual([
      ["meta", { charSet: "utf-8" }],
      ["style", { dangerouslySetInnerHTML: { __html: "a>b{color:red}" } }],
      ["title", {}, "A & B"],
    ]);
    expect(copy.body).toEqual([
      [
        "div",
        { style: { "--gap": "1px", backgroundColor: "red" }, hidden: true },
        [
          "svg",
          { viewBox: "0 0 1 1" },
          ["linearGradient", { id: "g" }],
          ["path", { "stroke-width": "2", d: "M0" }],
        ],
        ["p", {}, "Hi", "there 'x'"],
        ["input", { defaultValue: "q", disabled: true }],
        ["label", { htmlFor: "q" }, "L"],
      ],
    ]);
  });

  it("name the images, icons and preloads the floors read from the site before the first load", () => {
    const head =
      '<link rel="preload" as="image" href="/media/a.svg" fetchPriority="high"/><link rel="icon" href="/favicon.svg"/>' +
      '<link rel="modulepreload" href="/assets/a.js"/><link rel="canonical" href="/blog"/><link rel="alternate" href="/rss.xml"/>';
    const body =
      '<a href="/blog/x">x</a><img src="/media/a.svg" alt=""/><img src="/media/b.svg?v=1&amp;w=2" alt=""/>' +
      '<img src="https://cdn.example/c.jpg" alt=""/><img src="//cdn.example/d.jpg" alt=""/>';
    expect(subresourcesOf(`<head>${head}</head><body>${body}</body>`)).toEqual([
      "/media/a.svg",
      "/favicon.svg",
      "/media/b.svg?v=1&w=2",
    ]);
  });

  it("send the framework floor with the site's headers but its script policy", () => {
    const site = {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": "script-src 'self' 'nonce-n1'",
      "cross-origin-opener-policy": "same-origin-allow-popups",
      "x-frame-options": "DENY",
      "cache-control": "public, max-age=60",
    };
    const answer = new Headers({ "Content-Type": "text/html", "Cache-Control": "no-store" });
    expect(floorHeaders(site, answer)).toEqual({
      "cross-origin-opener-policy": "same-origin-allow-popups",
      "x-frame-options": "DENY",
      "cache-control": "no-store",
      "content-type": "text/html",
    });
    // The floor's client navigations (`.data`) have no page of the site behind them.
    expect(floorHeaders(undefined, answer)).toEqual({
      "content-type": "text/html",
      "cache-control": "no-store",
    });
  });
});
