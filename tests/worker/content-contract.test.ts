import { env } from "cloudflare:workers";
import { createD1Source } from "@worker/content/d1";
import { servedPorts } from "@worker/content/served-ports";
import { registerContentContract } from "../contract/content-contract";

registerContentContract("D1", () => servedPorts(createD1Source(env.DB, env.UPLOADS)), { writes: true });
