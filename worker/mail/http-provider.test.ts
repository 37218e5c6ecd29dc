import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpMailer, MailSendError } from "./http-provider";
import { markdownToMail } from "./markdown";

// The HTTP provider adapter against a stand-in answering as Resend's POST /emails documents:
// 200 with { id }, 429 when rate limited, 422 for a refused message. The test asserts the
// requests the adapter sends.

interface Seen {
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}
const seen: Seen[] = [];
const answers: { status: number; body: unknown }[] = [];
let server: Server;
let url = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => {
      seen.push({ headers: req.headers, body: JSON.parse(text) });
      const answer = answers.shift() ?? { status: 200, body: { id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" } };
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const mailer = () =>
  httpMailer({ apiKey: "re_test_key", url }, { email: "news@crossfade.example", name: "Crossfade" });

describe("the HTTP provider (Resend)", () => {
  it("posts both bodies, the headers and the idempotency key, and answers the provider's id", async () => {
    const sent = await mailer().send({
      to: "fan@example.com",
      subject: "Hello",
      html: "<p>Hi</p>",
      text: "Hi",
      headers: { "List-Unsubscribe": "<https://crossfade.example/newsletter/unsubscribe?token=x>" },
      idempotencyKey: "announcement-1-2",
    });
    expect(sent).toEqual({ messageId: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });
    const [request] = seen.splice(0);
    expect(request?.headers.authorization).toBe("Bearer re_test_key");
    expect(request?.headers["idempotency-key"]).toBe("announcement-1-2");
    expect(request?.body).toEqual({
      from: "Crossfade <news@crossfade.example>",
      to: ["fan@example.com"],
      subject: "Hello",
      html: "<p>Hi</p>",
      text: "Hi",
      headers: { "List-Unsubscribe": "<https://crossfade.example/newsletter/unsubscribe?token=x>" },
    });
  });

  it("throws a retryable error for 429 and 5xx, a final one for a refused message, never naming the key", async () => {
    answers.push({ status: 429, body: { message: "Too many requests" } });
    const limited = await mailer()
      .send({ to: "a@example.com", subject: "s", html: "h", text: "t" })
      .catch((e) => e);
    expect(limited).toBeInstanceOf(MailSendError);
    expect(limited).toMatchObject({ status: 429, retryable: true });
    answers.push({ status: 422, body: { message: "Invalid `to` field" } });
    const refused = await mailer()
      .send({ to: "a@example.com", subject: "s", html: "h", text: "t" })
      .catch((e) => e);
    expect(refused).toMatchObject({ status: 422, retryable: false });
    expect(String(refused.message)).not.toContain("re_test_key");
  });

  it("refuses CR or LF in the recipient, the subject or a header without a request to the provider", async () => {
    seen.splice(0);
    const mail = { to: "a@example.com", subject: "s", html: "h", text: "t" };
    for (const [refused, header] of [
      [{ ...mail, to: "a@example.com\nBcc: list@example.net" }, "recipient"],
      [{ ...mail, subject: "x\r\nBcc: list@example.net" }, "subject"],
      [{ ...mail, headers: { "X-Note": "a\rb" } }, "X-Note header"],
    ] as const)
      await expect(mailer().send(refused)).rejects.toThrow(`the mail's ${header} holds a line break`);
    expect(seen).toEqual([]);
  });
});

describe("the announcement's Markdown", () => {
  it("escapes everything typed and keeps only its own markup and http(s) links", () => {
    const { html, text } = markdownToMail(
      '# News <script>\n\nA **bold** [link](https://x.example/a?b=1&c=2) and [bad](javascript:alert(1)) "q"\n\n- one\n- <b>two</b>',
    );
    expect(html).toBe(
      '<h2 style="margin:24px 0 8px;font-size:20px">News &lt;script&gt;</h2>' +
        '<p style="margin:0 0 16px">A <strong>bold</strong> <a href="https://x.example/a?b=1&amp;c=2" style="color:#c8ff3d">link</a> and [bad](javascript:alert(1)) &quot;q&quot;</p>' +
        '<ul style="margin:0 0 16px;padding-left:20px"><li>one</li><li>&lt;b&gt;two&lt;/b&gt;</li></ul>',
    );
    expect(text).toBe(
      'NEWS <SCRIPT>\n\nA bold link (https://x.example/a?b=1&c=2) and [bad](javascript:alert(1)) "q"\n\n- one\n- <b>two</b>',
    );
  });
});
