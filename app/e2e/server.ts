/**
 * Starts the real aivg-server for the browser tests: a free port, a temporary AIVG_DATA_DIR, and
 * AIVG_STATIC_DIR = app/dist (run `npm run build` first; an AIVG_STATIC_DIR already set wins). The binary is AIVG_SERVER_BIN, else
 * ../target/debug/aivg-server, else ../target/release/aivg-server (build it with
 * `nice cargo build -p aivg-server` from the repository root).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const appDir = resolve(import.meta.dirname, "..");

export function serverBinary(): string {
  const candidates = process.env.AIVG_SERVER_BIN
    ? [resolve(process.env.AIVG_SERVER_BIN)]
    : [resolve(appDir, "../target/debug/aivg-server"), resolve(appDir, "../target/release/aivg-server")];
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      `aivg-server not found (tried ${candidates.join(", ")}): run \`nice cargo build -p aivg-server\` in the repository root or set AIVG_SERVER_BIN`,
    );
  }
  return found;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

export async function waitUntilUp(url: string, child: ChildProcess, log: () => string, name = "aivg-server"): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`${name} did not answer ${url}:\n${log()}`);
}

export interface RunningServer {
  origin: string;
  /** The server's AIVG_DATA_DIR (its SQLite database is there); none for an engine fake. */
  dataDir?: string;
  stop: () => Promise<void>;
}

/**
 * Prints the errors a server logged (a request answered 500 logs its cause): a failed test that
 * saw "internal server error" shows why in the run's output, though the server's log is gone.
 */
function reportErrors(origin: string, output: string): void {
  // eslint-disable-next-line no-control-regex
  const errors = output.split("\n").filter((line) => / ERROR /.test(line.replace(/\x1b\[[0-9;]*m/g, "")));
  if (errors.length > 0) console.error(`[e2e] the server at ${origin} logged ${errors.length} errors; the last ones:\n${errors.slice(-40).join("\n")}`);
}

/** Starts a server; `env` adds variables (e.g. AIVG_COMFYUI_URL for the engine tests). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dist = process.env.AIVG_STATIC_DIR ? resolve(process.env.AIVG_STATIC_DIR) : join(appDir, "dist");
  if (!existsSync(join(dist, "index.html"))) throw new Error(`${dist}/index.html is missing: run \`npm run build\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), "aivg-e2e-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(serverBinary(), [], {
    env: {
      ...process.env,
      AIVG_ADDR: `127.0.0.1:${port}`,
      AIVG_DATA_DIR: dataDir,
      AIVG_STATIC_DIR: dist,
      AIVG_PUBLIC_URL: origin,
      // The purchase flows buy through the built-in test store (off unless set).
      AIVG_TEST_STORE: "1",
      // Prompts with [fail] / [slow] fail or run long: the refund and cancel flows need them.
      AIVG_TASK_TEST_HOOKS: process.env.AIVG_TASK_TEST_HOOKS ?? "1",
      // One server serves every spec, and Playwright's workers create tasks at the same time: more
      // task workers than the default 2 keep one spec's task from queueing behind another's (a
      // cancel frees its worker at once; the queue order is tested in the server's own suite).
      AIVG_TASK_WORKERS: process.env.AIVG_TASK_WORKERS ?? "8",
      // Every spec registers and signs in from 127.0.0.1: the production rate limits (tested in
      // the server's own suite) would refuse the tenth account within the hour.
      AIVG_LIMIT_SIGNUP: "off",
      AIVG_LIMIT_LOGIN_IP: "off",
      AIVG_LIMIT_LOGIN_ACCOUNT: "off",
      AIVG_LIMIT_LOGIN_NETWORK: "off",
      AIVG_LIMIT_CODE: "off",
      AIVG_LIMIT_FREE_IP: "off",
      AIVG_LIMIT_FREE_USER: "off",
      AIVG_LIMIT_ANON: "off",
      // Password hashes and picture decodes take a slot each (as many as the machine has cores)
      // and answer "busy" (429) after AIVG_BUSY_WAIT_MS: two workers' log-ins, uploads and tasks
      // on a loaded 2-core machine can wait longer than the 2 s default. The busy answer is
      // tested in the server's own suite; here a request waits for its slot instead.
      AIVG_BUSY_WAIT_MS: "60000",
      // The webhook flow's receiver listens on loopback over http (a public site allows neither).
      AIVG_WEBHOOK_ALLOW_HTTP: "1",
      AIVG_WEBHOOK_ALLOW_NETWORKS: "127.0.0.0/8",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitUntilUp(`${origin}/`, child, () => output);
  return {
    origin,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once("exit", done));
        child.kill("SIGTERM");
        await exited;
      }
      reportErrors(origin, output);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
