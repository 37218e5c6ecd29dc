import { servedPorts } from "@worker/content/served-ports";
import { createStrapiSource } from "@worker/content/strapi";
import { registerContentContract } from "../contract/content-contract";

// Runs against the real Strapi from cms/, booted by `npm test -- strapi` (scripts/strapi-lane.mjs).
const url = process.env.CMS_URL;
if (!url) throw new Error("CMS_URL is not set: run this suite through `npm test -- strapi`.");

registerContentContract(
  "Strapi",
  () => servedPorts(createStrapiSource(url, undefined, { token: process.env.CMS_API_TOKEN })),
  {
    writes: true,
  },
);
