import { describe, expect, it, vi } from "vitest";
import {
  type HumanCheckWidget,
  renderWidget,
  resetFor,
  start,
  type TurnstileApi,
  tokenFor,
} from "./on-use/turnstile-widget";

// The browser side of Turnstile (docs/decisions/127-turnstile-on-the-forms.md), with Turnstile's
// API replaced by a recording fake: the unit lane has no DOM and no network. app/forms/human-check.tsx
// imports this module on a protected form's first focus and calls start, tokenFor and resetFor.

const box = (sitekey = "1x00000000000000000000AA") => ({ dataset: { sitekey } }) as unknown as HTMLElement;

function fakeWidget(token = "XXXX.DUMMY.TOKEN.XXXX"): HumanCheckWidget {
  return { token: vi.fn(async () => token), reset: vi.fn() };
}

describe("a form's check", () => {
  it("renders the widget on the first focus only, however often the form is focused", async () => {
    const widget = fakeWidget();
    const render = vi.fn(async () => widget);
    const element = box();
    await Promise.all([start(element, render), start(element, render), start(element, render)]);
    expect(render).toHaveBeenCalledTimes(1);
    expect(render).toHaveBeenCalledWith(element);
    expect(await tokenFor(element)).toBe("XXXX.DUMMY.TOKEN.XXXX");
    resetFor(element);
    await Promise.resolve();
    await Promise.resolve();
    expect(widget.reset).toHaveBeenCalledTimes(1);
    // Another form on the page has a widget of its own.
    const other = box();
    await start(other, render);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("gives no token (null) when Turnstile could not load, and tries again at the next send", async () => {
    const widget = fakeWidget();
    const render = vi.fn().mockRejectedValueOnce(new Error("blocked")).mockResolvedValue(widget);
    const element = box();
    expect(await start(element, render)).toBeNull();
    expect(await start(element, render)).toBe(widget);
    expect(await tokenFor(element)).toBe("XXXX.DUMMY.TOKEN.XXXX");
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("has no token without a box to render into", async () => {
    expect(await tokenFor(null)).toBeNull();
  });
});

/** Turnstile's API as a fake that records what it was asked to render and reset. */
function fakeTurnstile() {
  const rendered: { container: HTMLElement; options: Record<string, unknown> }[] = [];
  const api: TurnstileApi & { resets: (string | undefined)[] } = {
    resets: [],
    render(container, options) {
      rendered.push({ container, options });
      return "widget-1";
    },
    reset(id) {
      this.resets.push(id);
    },
  };
  const callback = () => rendered[0]?.options.callback as (token: string) => void;
  return { api, rendered, callback };
}

describe("the widget", () => {
  it("renders into the form's box with the site key the box carries, adding no input of its own", async () => {
    const { api, rendered } = fakeTurnstile();
    const element = box("1x00000000000000000000AA");
    await renderWidget(element, async () => api);
    expect(rendered).toHaveLength(1);
    expect(rendered[0]?.container).toBe(element);
    expect(rendered[0]?.options).toMatchObject({
      sitekey: "1x00000000000000000000AA",
      "response-field": false,
    });
  });

  it("hands over the token once Turnstile gives it, and waits for a new one after a reset", async () => {
    const { api, callback } = fakeTurnstile();
    const widget = await renderWidget(box(), async () => api);
    const first = widget.token();
    callback()("token-1");
    expect(await first).toBe("token-1");
    expect(await widget.token()).toBe("token-1");
    widget.reset();
    expect(api.resets).toEqual(["widget-1"]);
    const second = widget.token();
    callback()("token-2");
    expect(await second).toBe("token-2");
  });

  it("sends an empty token when none came in time, so the server says to wait for the check", async () => {
    const { api } = fakeTurnstile();
    const widget = await renderWidget(box(), async () => api, 10);
    expect(await widget.token()).toBe("");
  });
});
