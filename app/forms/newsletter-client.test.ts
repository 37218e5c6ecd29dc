import { describe, expect, it } from "vitest";
import { postSubscriber } from "./newsletter-client";

const payload = { email: "a@b.co", firstName: null, lastName: null, city: null, website: "" };
const answer = (body: string, status: number) => (async () => new Response(body, { status })) as typeof fetch;

describe("postSubscriber maps answers to docs/product.md section 8's newsletter messages", () => {
  it("success: the server's message, else 'Successfully subscribed!'", async () => {
    expect(await postSubscriber(payload, answer('{"message":"Welcome aboard"}', 200))).toEqual({
      ok: true,
      message: "Welcome aboard",
    });
    expect(await postSubscriber(payload, answer("{}", 200))).toEqual({
      ok: true,
      message: "Successfully subscribed!",
    });
  });

  it("non-OK: the server's message, else 'Failed to subscribe'", async () => {
    expect(await postSubscriber(payload, answer('{"error":"Too many attempts"}', 429))).toEqual({
      ok: false,
      message: "Too many attempts",
    });
    expect(await postSubscriber(payload, answer('{"message":"Nope"}', 400))).toEqual({
      ok: false,
      message: "Nope",
    });
    expect(await postSubscriber(payload, answer("{}", 500))).toEqual({
      ok: false,
      message: "Failed to subscribe",
    });
  });

  it("an unparsable answer: 'Server returned invalid response'", async () => {
    expect(await postSubscriber(payload, answer("<html>oops</html>", 502))).toEqual({
      ok: false,
      message: "Server returned invalid response",
    });
  });

  it("a failed request: 'Failed to subscribe. Please try again.'", async () => {
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await postSubscriber(payload, offline)).toEqual({
      ok: false,
      message: "Failed to subscribe. Please try again.",
    });
  });

  it("sends the subscriber payload of docs/product.md section 3 with source 'website_footer'", async () => {
    let sent: unknown;
    const spy = (async (_url: string, init: RequestInit) => {
      sent = JSON.parse(String(init.body));
      return new Response("{}");
    }) as unknown as typeof fetch;
    await postSubscriber({ ...payload, firstName: "Ana" }, spy);
    expect(sent).toEqual({ ...payload, firstName: "Ana", source: "website_footer" });
  });
});
