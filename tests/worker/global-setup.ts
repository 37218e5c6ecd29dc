import type { TestProject } from "vitest/node";
import { startFaultServer } from "../support/fault-server";
import { startSentryStandIn } from "../support/sentry-stand-in";

/**
 * Local servers the workerd tests reach over 127.0.0.1: the Sentry stand-in the Worker reports
 * to, and the misbehaving upstream of the fault matrix.
 */
export default async function setup(project: TestProject) {
  const [standIn, faults] = await Promise.all([startSentryStandIn(), startFaultServer()]);
  project.provide("sentryStandIn", standIn.url);
  project.provide("faultServer", faults.url);
  return async () => {
    await Promise.all([standIn.close(), faults.close()]);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    sentryStandIn: string;
    faultServer: string;
  }
}
