import type {
  NewsletterAdmin,
  NewsletterOptIn,
  SubscribeResult,
  Subscriber,
  SubscriberInput,
} from "@core/content/newsletter";
import { TEXTS } from "@core/texts";
import * as v from "valibot";
import { type CmsClient, CmsError } from "./client";
import {
  anyAnswerShape,
  expiredShape,
  listedSubscriberShape,
  oneOf,
  subscribedShape,
  subscriberCountShape,
  subscriberStateShape,
  unsubscribedShape,
} from "./shapes";

/**
 * The newsletter in Strapi (cms/src/api/email-subscriber/; docs/decisions/088-strapi-double-opt-in.md):
 * every call carries the Worker's API token, as Strapi's public role reaches none of them.
 */

/**
 * POST {cms}/email-subscribers/subscribe with source 'website_footer'. degrade.ts turns a
 * failure into the newsletter texts of docs/product.md section 8. The answer is the site's own
 * whatever Strapi says: a CMS answering "already subscribed" would tell anyone whether an
 * address is on the list (docs/security.md).
 */
export async function subscribe(cms: CmsClient, input: SubscriberInput): Promise<SubscribeResult> {
  const answer = await cms.send(
    "POST",
    "/email-subscribers/subscribe",
    JSON.stringify({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      city: input.city,
      source: "website_footer",
      pending: input.pending === true,
      ...(input.picks && (input.picks.artists.length || input.picks.genres.length)
        ? { picks: input.picks }
        : {}),
    }),
    true,
    subscribedShape,
    true,
  );
  if (!input.pending) return { message: TEXTS.subscribed };
  const confirmation = answer?.confirmation;
  return confirmation
    ? { message: TEXTS.subscribeCheckInbox, confirmation: { id: confirmation.id, email: confirmation.email } }
    : { message: TEXTS.subscribeCheckInbox };
}

/** The answer, or null when Strapi says 404 (no such subscriber). */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof CmsError && error.status === 404) return null;
    throw error;
  }
}

const post = <T>(cms: CmsClient, path: string, body: unknown, shape: v.GenericSchema<unknown, T>) =>
  cms.send("POST", path, JSON.stringify(body), true, shape, true);

export function strapiOptIn(cms: CmsClient): NewsletterOptIn {
  return {
    async find(id) {
      const found = await orNull(cms.get(`/email-subscribers/state/${id}`, [], subscriberStateShape, true));
      return found?.data ?? null;
    },
    async confirm(id, email) {
      await orNull(post(cms, "/email-subscribers/confirm", { id, email }, anyAnswerShape));
    },
    async removeExpired(cutoff) {
      return (await post(cms, "/email-subscribers/expire", { before: cutoff }, expiredShape)).removed;
    },
    async notSent(id) {
      await post(cms, "/email-subscribers/unsent", { id }, anyAnswerShape);
    },
  };
}

type Listed = v.InferOutput<typeof listedSubscriberShape>;

function toSubscriber(row: Listed): Subscriber {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName ?? null,
    lastName: row.lastName ?? null,
    city: row.city ?? null,
    source: row.source ?? "website_footer",
    subscribedAt: row.subscribedAt,
    confirmedAt: row.consentedAt ?? null,
    unsubscribeToken: row.unsubscribeToken,
    picks: { artists: [...(row.picks?.artists ?? [])].sort(), genres: [...(row.picks?.genres ?? [])].sort() },
  };
}

/** A page of subscribers by id from one of the CMS's lists (the confirmed, the pending). */
async function listed(cms: CmsClient, path: string, afterId: number, limit: number) {
  const page = await cms.get(
    path,
    [
      ["after", afterId],
      ["limit", limit],
    ],
    v.object({ data: v.array(listedSubscriberShape) }),
    true,
  );
  return page.data.map(toSubscriber);
}

/** The export, the unsubscribe link and the count over Strapi's confirmed subscribers. */
export function strapiNewsletterAdmin(cms: CmsClient): NewsletterAdmin {
  return {
    listSubscribers: (afterId, limit) => listed(cms, "/email-subscribers/confirmed", afterId, limit),
    listPending: (afterId, limit) => listed(cms, "/email-subscribers/pending", afterId, limit),
    async findByToken(token) {
      // In the body, not the path: a failed request's message names its URL (client.ts).
      const found = await orNull(
        post(cms, "/email-subscribers/by-token", { token }, oneOf(listedSubscriberShape)),
      );
      return found ? toSubscriber(found.data) : null;
    },
    async unsubscribe(token) {
      const removed = await orNull(post(cms, "/email-subscribers/unsubscribe", { token }, unsubscribedShape));
      return removed?.data.email ?? null;
    },
    async countConfirmed() {
      return (await cms.get("/email-subscribers/count", [], subscriberCountShape, true)).count;
    },
  };
}
