// The package's HTTP client in Node with an API key (docs/api.md), against the real server: a
// throw-away aivg-server (its own data folder and port; AIVG_SERVER_BIN, else
// target/debug/aivg-server), a new user and a key of every scope; then the client, given the
// key as its token, reads the balance, creates a task, follows it to its end and lists it.
//
// Needs the server binary: `cargo build --workspace --bin aivg-server` (npm test builds it first).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { configureClient, setAccessToken, request, createTask, getTaskResult, listTasks } from "./pkg.mjs";

const root = resolve(import.meta.dirname, "../..");
let server;
let dataDir;
let origin;
let key;

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/** A plain call of the server, for the set-up: the envelope's data. */
async function call(path, body, token) {
  const res = await fetch(origin + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  assert.equal(answer.code, 0, `${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

before(async () => {
  const bin = process.env.AIVG_SERVER_BIN ? resolve(process.env.AIVG_SERVER_BIN) : join(root, "target/debug/aivg-server");
  assert.ok(existsSync(bin), `${bin} is missing: cargo build --workspace --bin aivg-server`);
  dataDir = mkdtempSync(join(tmpdir(), "aivg-node-key-"));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  let log = "";
  server = spawn(bin, [], {
    env: { ...process.env, AIVG_ADDR: `127.0.0.1:${port}`, AIVG_DATA_DIR: dataDir, AIVG_PUBLIC_URL: origin, AIVG_LIMIT_SIGNUP: "off", AIVG_BUSY_WAIT_MS: "60000" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout.on("data", (c) => (log += c));
  server.stderr.on("data", (c) => (log += c));
  for (let i = 0; ; i += 1) {
    assert.equal(server.exitCode, null, `the server exited:\n${log}`);
    try {
      if ((await fetch(`${origin}/v1/openapi.json`)).ok) break;
    } catch {
      // not listening yet
    }
    assert.ok(i < 600, `the server did not answer:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const { code } = await call("/account/register", { email: "node-key@example.com", password: "secret123" });
  const { access_token } = await call("/v1/oauth/token", { code });
  ({ key } = await call("/v1/keys", { name: "node", scopes: ["tasks:create", "tasks:read", "balance:read"] }, access_token));
});

after(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server.once("exit", done));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("with an API key as its token the client creates a task, follows it to its end and lists it", async () => {
  configureClient({ baseUrl: origin, timeoutMs: 0 });
  setAccessToken(key);
  const { balance } = await request({ method: "GET", path: "/v1/credit/balance" });
  assert.equal(balance, 5);

  const created = await createTask("text2image", { data: { prompt: "a red kite" } });
  assert.match(created.task_id, /\S/);
  let task;
  for (let i = 0; ; i += 1) {
    task = await getTaskResult("text2image", created.task_id);
    if (task.status !== "queued" && task.status !== "running") break;
    assert.ok(i < 600, `the task did not end: ${JSON.stringify(task)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(task.status, "succeeded", JSON.stringify(task));
  assert.ok(task.result.outputs[0].download_url, JSON.stringify(task.result));

  const listed = await listTasks({ page: 1, page_size: 10 });
  assert.deepEqual(
    listed.list.map((t) => t.task_id),
    [created.task_id],
  );
  const after = await request({ method: "GET", path: "/v1/credit/balance" });
  assert.ok(after.balance < balance, "the task was charged to the key's owner");
});
