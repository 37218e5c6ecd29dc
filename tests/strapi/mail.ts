// @ts-expect-error: plain ESM helper shared with the start script
import { mailBodies } from "@scripts/lib.mjs";
import { expect } from "vitest";
import { laneEnv, workerUrl } from "./lane";

/**
 * The lane Worker's mail as an inbox: the local Email Service writes each mail's bodies to files
 * under WORKER_MAIL_DIR (scripts/strapi-lane.mjs).
 */
export type Mail = { text: { body: string }; html: { body: string } };

/** The mails whose bodies contain `matching` (an address, a token), newest first. */
export const mailsWith = (matching: string): Mail[] => mailBodies(laneEnv("WORKER_MAIL_DIR"), matching);

/** The one mail containing `matching`, once it is there. */
export async function theMailWith(matching: string): Promise<Mail> {
  await expect.poll(() => mailsWith(matching).length, { timeout: 20_000 }).toBe(1);
  return mailsWith(matching)[0] as Mail;
}

/** The path and query of the link to `path` in a mail's text, to send to the lane's Worker. */
export function linkIn(body: string, path: string): string {
  const link = body.match(new RegExp(`https?://\\S*${path}\\S*`))?.[0];
  if (!link) throw new Error(`no link to ${path} in the mail`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export const worker = (path: string, init?: RequestInit) => fetch(`${workerUrl()}${path}`, init);

let client = 0;
/**
 * A sign-up from a client of its own, so the lane's runs share no rate limit: each test file
 * passes its own documentation network (RFC 5737) as `net`.
 */
export async function signUp(email: string, net = "198.51.100") {
  client += 1;
  const res = await worker("/api/newsletter", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `${net}.${client}` },
    body: JSON.stringify({ email }),
  });
  return { status: res.status, body: await res.json() };
}
