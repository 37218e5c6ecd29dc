// wrk, the HTTP load generator the throughput, load, heap, profile and decompose benches drive:
// found once per process, installed with Debian's package when this runs as root where apt-get
// is, and otherwise named with how to get it, never a stack trace (docs/decisions/133).
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** What to run to get wrk, for the message of a machine that has none. */
export const WRK_INSTALL = "apt-get install -y wrk";

/** The path of an executable `name` on PATH, or undefined. */
function onPath(name) {
  for (const dir of (process.env.PATH ?? "").split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** $WRK when set (a path, or a name on PATH), else wrk on PATH: undefined when it is not there. */
export function findWrk() {
  const wanted = process.env.WRK ?? "wrk";
  return wanted.includes("/") ? (isExecutable(wanted) ? wanted : undefined) : onPath(wanted);
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Installs wrk with apt-get (Debian's `wrk` package) when this process is root and apt-get is on
 * PATH: the benches need it and a fresh machine of this project has none. The package lists are
 * updated only when the first try does not find it. Whether it worked is for `findWrk` to say.
 */
function installWrk(log) {
  if (process.getuid?.() !== 0 || !onPath("apt-get")) return;
  log(`wrk is not installed: installing it (${WRK_INSTALL})`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "-qq", "wrk"], { stdio: "inherit", env }).status;
  if (install() === 0) return;
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  install();
}

let found;

/**
 * wrk's path for a bench to run, installing it first where it can (above). Without it the
 * process ends with a message that names it and how to get it: a benchmark cannot run without
 * its load generator, and its stack trace would say nothing the message does not.
 */
export function requireWrk(log = console.log) {
  found ??= findWrk();
  if (found) return found;
  if (!process.env.WRK) {
    installWrk(log);
    found = findWrk();
    if (found) return found;
  }
  console.error(
    [
      process.env.WRK
        ? `WRK=${process.env.WRK} is not an executable.`
        : "wrk is not installed (not on PATH).",
      "The throughput and load benchmarks drive it (an HTTP load generator).",
      `Install it as root: ${WRK_INSTALL} (after apt-get update on a fresh machine),`,
      "or set WRK to the path of a wrk binary.",
    ].join("\n"),
  );
  process.exit(1);
}
