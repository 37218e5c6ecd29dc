import { env } from "cloudflare:workers";
import { createD1Source } from "@worker/content/d1";
import { registerContentContract, subjectOf } from "../contract/content-contract";

registerContentContract("D1", () => subjectOf(createD1Source(env.DB, env.UPLOADS)), { writes: true });
