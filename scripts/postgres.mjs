// A throwaway Postgres for the strapi lane (docs/decisions/035-production-cms.md): Debian's
// server binaries, installed with apt-get when absent (as the e2e lane installs Chromium), a
// cluster of its own in a temporary folder on a private port, run as an unprivileged user
// (Postgres refuses to run as root: as root it runs as the `postgres` user the package creates),
// stopped and deleted afterwards. Nothing of the machine's own clusters is touched.
import { execFileSync, execSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

const LIB = "/usr/lib/postgresql";

/** The newest installed server's bin folder (initdb, pg_ctl, postgres), or null. */
function serverBin() {
  if (!existsSync(LIB)) return null;
  const versions = readdirSync(LIB)
    .filter((v) => existsSync(join(LIB, v, "bin", "initdb")) && existsSync(join(LIB, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(LIB, versions[0], "bin") : null;
}

/** The server's bin folder, after installing Debian's `postgresql` when there is none. */
export function ensurePostgres() {
  const found = serverBin();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error(
      "No PostgreSQL server here: install Debian's postgresql (apt-get install postgresql), or run the lane on SQLite (STRAPI_LANE_DB=sqlite).",
    );
  }
  console.log("Installing PostgreSQL with apt-get…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql", {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const installed = serverBin();
  if (!installed) throw new Error(`apt-get installed postgresql but ${LIB}/<version>/bin has no initdb`);
  return installed;
}

/**
 * Starts a fresh cluster on 127.0.0.1:`port` with database and owner `crossfade` (trust
 * authentication: it listens on loopback only and lives for one run). Returns its
 * connection URL, a `stop()` that shuts it down and deletes its folder, and the server version.
 */
export function startPostgres({ port, log = "ignore" }) {
  const bin = ensurePostgres();
  const root = process.getuid?.() === 0;
  const owner = root ? "postgres" : userInfo().username;
  const dir = mkdtempSync(join(tmpdir(), "crossfade-pg-"));
  const data = join(dir, "data");
  if (root) {
    const uid = Number(execFileSync("id", ["-u", owner], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", owner], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  // As root, every server command runs as the postgres user (runuser, no password, no stdin).
  const as = (cmd, args) => {
    const [file, argv] = root
      ? ["runuser", ["-u", owner, "--", join(bin, cmd), ...args]]
      : [join(bin, cmd), args];
    const result = spawnSync(file, argv, { cwd: dir, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
    if (result.status !== 0) {
      throw new Error(
        `${cmd} ${args.join(" ")} exited with ${result.status}:\n${result.stdout}${result.stderr}`,
      );
    }
    return result.stdout;
  };
  as("initdb", ["-D", data, "-U", "crossfade", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off`;
  as("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "server.log"), "-w", "-t", "60", "start"]);
  const stop = () => {
    try {
      as("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    } catch (error) {
      console.error(String(error));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    as("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "crossfade", "crossfade"]);
  } catch (error) {
    stop();
    throw error;
  }
  const version = as("postgres", ["--version"]).trim();
  if (log !== "ignore") console.log(`${version} on 127.0.0.1:${port} (${dir})`);
  return { url: `postgres://crossfade@127.0.0.1:${port}/crossfade`, stop, version, dir };
}
