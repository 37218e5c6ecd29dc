import type { Listing } from "@core/content/catalogue";
import { type Fields, PUB_STATUS } from "@core/content/kind";
import { describe, expect, it } from "vitest";
import { createCmsClient } from "./client";
import { listingReads, strapiCoreReads } from "./core-reads";

// The core reads of a listed kind with no reads of its own (docs/decisions/138): the request
// comes from its listing alone, the answer is read by its definition's simple fields.

const CMS = "http://cms.test";

const INTERVIEW_FIELDS = {
  id: { value: "own" },
  title: { value: "filled", site: "title" },
  interview_date: { value: "day", site: "date", strapi: "interviewDate" },
  pub_status: PUB_STATUS,
  portrait: { value: "media", site: "portrait", strapi: "portraitImage" },
  is_featured: { value: "flag", site: "isFeatured" },
  body: { value: "text", site: "body" },
} as const satisfies Fields;

const INTERVIEWS: Listing<typeof INTERVIEW_FIELDS> = {
  name: "interview",
  table: "interviews",
  path: "/interviews",
  fields: INTERVIEW_FIELDS,
  date: "interview_date",
};

const entry = {
  id: 7,
  documentId: "doc7",
  slug: "saltmarsh",
  title: "Saltmarsh",
  interviewDate: "2026-11-02",
  portraitImage: { url: "/uploads/portrait.jpg" },
  is_featured: null,
  publishedAt: "2026-11-02T10:00:00.000Z",
};

/** A CMS client whose fetch records each URL and answers `body`. */
function cms(body: unknown) {
  const urls: string[] = [];
  const client = createCmsClient(CMS, {
    fetch: async (input) => {
      urls.push(decodeURIComponent(input));
      return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
    },
  });
  return { client, urls };
}

const page = (data: unknown[], total: number) => ({
  data,
  meta: { pagination: { page: 2, pageSize: 5, pageCount: Math.ceil(total / 5), total } },
});

describe("Strapi core reads", () => {
  const reads = listingReads(INTERVIEWS);

  it("list a page of a kind: its media populated, newest first by its date, its title searched", async () => {
    const { client, urls } = cms(page([entry], 6));
    const listed = await reads.list(client, { search: " salt ", page: 2, pageSize: 5 });
    expect(urls).toEqual([
      `${CMS}/api/interviews?populate[portraitImage]=true&sort=interviewDate:desc&filters[title][$containsi]=salt&pagination[page]=2&pagination[pageSize]=5`,
    ]);
    expect(listed).toEqual({
      items: [
        {
          title: "Saltmarsh",
          date: "2026-11-02",
          portrait: `${CMS}/uploads/portrait.jpg`,
          isFeatured: false,
          body: "",
          id: 7,
          slug: "saltmarsh",
        },
      ],
      page: 2,
      pageSize: 5,
      total: 6,
      pageCount: 2,
    });
  });

  it("get one by its slug, or null", async () => {
    const found = cms({ data: [{ ...entry, body: "Asked and answered." }] });
    expect(await reads.get(found.client, "saltmarsh")).toMatchObject({
      slug: "saltmarsh",
      body: "Asked and answered.",
    });
    expect(found.urls).toEqual([
      `${CMS}/api/interviews?filters[slug][$eq]=saltmarsh&populate[portraitImage]=true`,
    ]);
    const missing = cms({ data: [] });
    expect(await reads.get(missing.client, "nobody")).toBeNull();
  });

  it("fail an answer without the kind's required attributes", async () => {
    const { client } = cms(page([{ ...entry, title: null }], 1));
    await expect(reads.list(client)).rejects.toThrow(/Unexpected answer/);
  });

  it("read a listed kind by its listing: mixtapes' simple fields from /mixtapes", async () => {
    const { client, urls } = cms(page([{ ...entry, release_date: "2026-10-01", coverImage: null }], 1));
    const listed = await strapiCoreReads("Mixtape").list(client);
    expect(urls).toEqual([
      `${CMS}/api/mixtapes?populate[coverImage]=true&populate[audio_file]=true&sort=release_date:desc&pagination[page]=1&pagination[pageSize]=100`,
    ]);
    expect(listed.items[0]).toEqual({
      title: "Saltmarsh",
      artist: null,
      releaseDate: "2026-10-01",
      isFeatured: false,
      coverImage: null,
      duration: "0:00",
      downloadUrl: null,
      id: 7,
      slug: "saltmarsh",
    });
  });
});
