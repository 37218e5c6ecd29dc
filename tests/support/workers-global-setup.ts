import type { TestProject } from "vitest/node";
import { makePhoto } from "../../scripts/media/photos";
import { startFailingCms } from "../stand-ins/failing-cms";
import { startFaultServer } from "./fault-server";
import { startSentryStandIn } from "./sentry-stand-in";
import { startTurnstileStandIn } from "./turnstile-stand-in";

/**
 * Local servers the workerd tests reach over 127.0.0.1: the Sentry stand-in the Worker reports
 * to, the misbehaving upstream of the fault matrix, the broken CMS stand-ins of
 * tests/worker/cms-faults.test.ts, and Turnstile's siteverify (tests/worker/turnstile.test.ts);
 * and a photo-like JPEG as a label uploads one (scripts/media/photos.ts), which workerd cannot make.
 */
export default async function setup(project: TestProject) {
  const photo = await makePhoto({ width: 1600, height: 1000, seed: 5 });
  const [standIn, faults, cms, turnstile] = await Promise.all([
    startSentryStandIn(),
    startFaultServer(),
    startFailingCms({ photo }),
    startTurnstileStandIn(),
  ]);
  project.provide("sentryStandIn", standIn.url);
  project.provide("faultServer", faults.url);
  project.provide("failingCms", cms.urls);
  project.provide("turnstileStandIn", turnstile.urls);
  project.provide("photo", photo.toString("base64"));
  return async () => {
    await Promise.all([standIn.close(), faults.close(), cms.close(), turnstile.close()]);
  };
}
