import type { TestProject } from "vitest/node";
import { startFailingCms } from "../stand-ins/failing-cms";

/** Runs in Node before the workerd tests: the broken CMS stand-ins of tests/worker/cms-faults.test.ts. */
export default async function setup(project: TestProject) {
  const cms = await startFailingCms();
  project.provide("failingCms", cms.urls);
  return () => cms.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    failingCms: { down: string; slow: string; garbage: string; error: string };
  }
}
