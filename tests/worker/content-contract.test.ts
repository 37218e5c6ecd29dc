import { env } from "cloudflare:workers";
import { createD1Store } from "@worker/content/d1";
import { registerContentContract } from "../contract/content-contract";

registerContentContract("D1", () => createD1Store(env.DB, env.UPLOADS), { writes: true });
