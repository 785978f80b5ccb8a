// The cluster test (scripts/cluster.sh starts PostgreSQL and moto, then this): two fake ComfyUI
// backends, three aivg-server instances as deploy/aivg-server.service runs them, nginx with
// deploy/nginx.conf in front. Users sign up, buy, check in, keep their event streams open and
// create tasks while one instance is killed, the other two are restarted one at a time, a
// backend dies mid-prompt and PostgreSQL restarts. Then it checks that nothing was lost
// (docs/operations.md#a-cluster-behind-nginx) and prints the counts; exit 1 on any breach.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { readUnit, startComfy, startInstance, startNginx, stopGracefully } from "./processes.mjs";
import { User } from "./users.mjs";

const root = resolve(import.meta.dirname, "../..");
const need = (name) => process.env[name] ?? (() => { throw new Error(`${name} is not set (scripts/cluster.sh sets it)`); })();
const databaseUrl = need("DATABASE_URL");
const s3 = new URL(need("AIVG_CLUSTER_S3_URL"));
const bucket = s3.pathname.replace(/^\/|\/$/g, "");
const bin = (name) => {
  const path = join(root, "target/debug", name);
  if (!existsSync(path)) throw new Error(`${path} is missing: build the workspace first`);
  return path;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const say = (text) => console.log(`[cluster ${((Date.now() - t0) / 1000).toFixed(1)} s] ${text}`);
const t0 = Date.now();

const dir = need("AIVG_CLUSTER_DIR");
const port = Number(process.env.AIVG_CLUSTER_PORT ?? 56100);
const ports = { instances: [port, port + 1, port + 2], comfy: [port + 3, port + 4], tls: port + 5, plain: port + 6 };
const base = `https://127.0.0.1:${ports.tls}`;
// The fakes take 10 steps of 150 ms: a prompt runs 1.5 s, long enough to be cut in the middle.
const ENGINE_MS = 1_500;
const { env: unitEnv, stopMs } = readUnit(join(root, "deploy/aivg-server.service"));
const instanceEnv = {
  DATABASE_URL: databaseUrl,
  AIVG_JWT_SECRET: "cluster-test-secret-0123456789abcdef0123456789",
  AIVG_PUBLIC_URL: base,
  AIVG_STATIC_DIR: join(root, "app/dist"),
  AIVG_S3_BUCKET: bucket,
  AIVG_S3_ENDPOINT: s3.origin,
  AIVG_S3_ACCESS_KEY_ID: "testing",
  AIVG_S3_SECRET_ACCESS_KEY: "testing",
  AIVG_COMFYUI_URL: ports.comfy.map((p) => `http://127.0.0.1:${p}`).join(","),
  AIVG_TEST_STORE: "1",
  // A backend that comes back is asked again after 5 s instead of 30.
  AIVG_COMFYUI_REPROBE_S: "5",
  // A drain shorter than the unit's 25 s, so the rolling restarts hand running tasks back.
  AIVG_DRAIN_SECONDS: "2",
  // Every user comes from 127.0.0.1 through nginx: the per-address limits would refuse them.
  AIVG_LIMIT_SIGNUP: "off",
  AIVG_LIMIT_LOGIN_IP: "off",
  AIVG_LIMIT_FREE_IP: "off",
  AIVG_LIMIT_ANON: "off",
  RUST_LOG: "warn",
};
const procs = [];
const instances = [];
const comfys = [];
let nginx;

/** Fake ComfyUI backend `i`; a restarted one appends to the same prompt log. */
async function startBackend(i) {
  const schemas = join(root, "fixtures/comfyui/node_schemas.json");
  const index = join(root, "server/workflows/index.json");
  const opts = { bin: bin("fake-comfyui"), port: ports.comfy[i], schemas, index, promptLog: join(dir, `prompts-${i}.log`) };
  comfys[i] = await startComfy({ ...opts, steps: 10, stepMs: ENGINE_MS / 10 });
  procs.push(comfys[i]);
}

async function startNth(i) {
  instances[i] = await startInstance({ bin: bin("aivg-server"), port: ports.instances[i], dataDir: join(dir, `instance-${i}`), unitEnv, env: instanceEnv });
  procs.push(instances[i]);
}

async function main() {
  // scripts/cluster.sh made nginx's certificate; Node trusts it (NODE_EXTRA_CA_CERTS).
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  for (const i of ports.comfy.keys()) await startBackend(i);
  await startNth(0); // the first runs the migrations alone
  await Promise.all([startNth(1), startNth(2)]);
  nginx = await startNginx({ conf: join(root, "deploy/nginx.conf"), dir: join(dir, "nginx"), ports: ports.instances, listen: ports.tls, plain: ports.plain, cert, key });
  procs.push(nginx);
  say("3 instances, 2 ComfyUI backends and nginx are up");

  const stats = { retries: 0 };
  users = Array.from({ length: 9 }, (_, n) => new User(base, n, stats));
  for (const u of users) {
    await u.signUp();
    await u.buyCredits();
  }
  const streams = users.map((u) => u.streamEvents());
  await Promise.all(users.map((u) => u.checkIn()));
  say("9 users signed up, bought credits, checked in; their event streams are open");

  // Each user creates a task every few seconds for 40 s while the cluster is disturbed.
  const createUntil = Date.now() + 40_000;
  const load = users.map(async (u, n) => {
    await sleep(n * 300);
    for (let k = 0; Date.now() < createUntil && k < 5; k++) {
      await u.create(k % 2 === 0 ? "text2image" : "image2image");
      await sleep(5_000 + ((n * 700) % 3_000));
    }
  });
  const disturb = (async () => {
    await sleep(3_000);
    // Every instance runs a task (three owners among the running ones): instance 0 does too.
    const busy = await waitFor(() => psql("SELECT count(DISTINCT owner) FROM tasks WHERE status = 'running'") === "3", 15_000);
    say(`SIGKILL instance 0 ${busy ? "while it runs tasks" : "(the three instances were not all busy)"}`);
    await instances[0].kill();
    await sleep(4_000);
    for (const i of [1, 2]) {
      say(`SIGTERM instance ${i} (drain), then start it again`);
      const how = await stopGracefully(instances[i], stopMs);
      if (how.signal === "SIGKILL") throw new Error(`instance ${i} did not stop within ${stopMs} ms of SIGTERM`);
      await startNth(i);
      await sleep(3_000);
    }
    say("SIGKILL ComfyUI backend 1 in the middle of a prompt");
    await waitRunning(ports.comfy[1]);
    await comfys[1].kill();
    await sleep(2_000);
    say("restart PostgreSQL");
    execFileSync("bash", [join(root, "scripts/postgres.sh"), "restart"], { stdio: "inherit" });
    await sleep(3_000);
    say("start instance 0 and ComfyUI backend 1 again");
    await startNth(0);
    await startBackend(1);
  })();
  await Promise.all([...load, disturb]);
  say(`${users.reduce((n, u) => n + u.tasks.size, 0)} tasks created; waiting for every one to end`);
  await waitAllEnded(users, 240_000);
  await check(users, stats);
  for (const u of users) u.close();
  await Promise.allSettled(streams);
}

/** Waits until the backend on `p` runs a prompt (at most 20 s; then kills it anyway). */
async function waitRunning(p) {
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    const q = await fetch(`http://127.0.0.1:${p}/queue`).then((r) => r.json()).catch(() => ({}));
    if ((q.queue_running ?? []).length > 0) return;
    await sleep(100);
  }
  say("(backend 1 ran no prompt within 20 s)");
}

async function waitAllEnded(users, ms) {
  const end = Date.now() + ms;
  for (;;) {
    const open = psql("SELECT count(*) FROM tasks WHERE status IN ('queued', 'running')");
    if (open === "0") return;
    if (Date.now() > end) throw new Error(`${open} tasks never ended:\n${psql("SELECT task_id, status, owner, attempts FROM tasks WHERE status IN ('queued', 'running')")}`);
    await sleep(1000);
  }
}

function psql(sql) {
  return execFileSync("psql", [databaseUrl, "-At", "-F", " ", "-c", sql], { encoding: "utf8" }).trim();
}

async function check(users, stats) {
  const breaches = [];
  const tasks = psql("SELECT task_id, status, refunded FROM tasks ORDER BY created_ms").split("\n").filter(Boolean).map((l) => l.split(" "));
  const prompts = new Map();
  for (const i of [0, 1]) {
    const path = join(dir, `prompts-${i}.log`);
    for (const id of existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean) : []) prompts.set(id, (prompts.get(id) ?? 0) + 1);
  }
  const counts = { succeeded: 0, failed: 0, cancelled: 0 };
  let mostPrompts = 0;
  for (const [id, status, refunded] of tasks) {
    counts[status] = (counts[status] ?? 0) + 1;
    const charges = psql(`SELECT count(*) FROM credit_entries WHERE type = 'Consumption' AND ref = '${id}'`);
    const refunds = psql(`SELECT count(*) FROM credit_entries r JOIN credit_entries c ON r.refund_of = c.id WHERE c.ref = '${id}'`);
    if (charges !== "1") breaches.push(`${id}: ${charges} charges`);
    if (status === "succeeded" && refunds !== "0") breaches.push(`${id}: succeeded and refunded`);
    if (status !== "succeeded" && (refunds !== "1" || refunded === "0")) breaches.push(`${id}: ${status} with ${refunds} refunds`);
    // A prompt id is derived from its task's id; each sending of it is one line of a log.
    const sent = [...prompts].filter(([p]) => p.includes(id)).reduce((n, [, c]) => n + c, 0);
    mostPrompts = Math.max(mostPrompts, sent);
    // Re-attaching sends nothing; a prompt lost with its backend is sent again once.
    if (sent > 2) breaches.push(`${id}: sent to an engine ${sent} times`);
  }
  let worst = 0;
  let outputs = 0;
  const keys = await bucketKeys();
  for (const u of users) {
    const { balance } = await u.call("GET", "/v1/credit/balance");
    let sum = 0;
    for (let page = 1; ; page++) {
      const h = await u.call("GET", `/v1/credit/history?page=${page}&page_size=100`);
      for (const e of h.list) sum += e.type === "Acquisition" ? e.credits : -e.credits;
      if (page * 100 >= h.total) break;
    }
    if (sum !== Number(balance)) breaches.push(`${u.email}: balance ${balance}, history sums to ${sum}`);
    for (const [id, t] of u.tasks) {
      const final = await u.call("GET", `/v1/ai/result/${t.module}/${id}`);
      // The stream (with the list reloads its updateList events ask for) shows the end.
      const shown = await waitFor(() => t.streamStatus === final.status, 20_000);
      if (!shown) breaches.push(`${id}: the stream shows ${t.streamStatus}, the task is ${final.status}`);
      if (t.ended) worst = Math.max(worst, t.ended - t.created - ENGINE_MS);
      for (const o of final.result?.outputs ?? []) {
        outputs += 1;
        if (!keys.has(o.oss_path)) breaches.push(`${id}: output ${o.oss_path} is not in the bucket`);
        const file = await fetch(o.download_url ?? o.url);
        if (!file.ok || (await file.arrayBuffer()).byteLength === 0) breaches.push(`${id}: output ${o.oss_path} answers ${file.status}`);
      }
    }
  }
  const again = psql("SELECT count(*) FROM tasks WHERE attempts > 1");
  say(
    `tasks: ${tasks.length} (${counts.succeeded} succeeded, ${counts.failed} failed and refunded, ${counts.cancelled} cancelled); ` +
      `outputs in S3: ${outputs}; run more than once (handed back or recovered): ${again}; most prompts for one task: ${mostPrompts}; event streams opened: ${users.reduce((n, u) => n + u.streams, 0)} by ${users.length} users; ` +
      `calls retried: ${stats.retries}; worst wait beyond the engine's ${ENGINE_MS / 1000} s: ${(worst / 1000).toFixed(1)} s`,
  );
  if (tasks.length < 25) breaches.push(`only ${tasks.length} tasks were created`);
  if (counts.succeeded < tasks.length / 2) breaches.push("fewer than half the tasks succeeded");
  if (breaches.length) throw new Error(`the cluster lost something:\n${breaches.join("\n")}`);
}

async function waitFor(ok, ms) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) return false;
    await sleep(200);
  }
  return true;
}

/** Every object key in the test bucket (moto answers unsigned ListObjectsV2). */
async function bucketKeys() {
  const keys = new Set();
  let token = "";
  for (;;) {
    const url = `${s3.origin}/${bucket}?list-type=2&max-keys=1000${token ? `&continuation-token=${encodeURIComponent(token)}` : ""}`;
    const xml = await (await fetch(url)).text();
    for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.add(m[1]);
    const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml);
    if (!next) return keys;
    token = next[1];
  }
}

let users = [];
try {
  await main();
  say("passed");
} catch (e) {
  console.error(e.stack ?? String(e));
  for (const p of procs) console.error(`--- ${p.name} (last output)\n${p.log().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  for (const u of users) u.close();
  await Promise.allSettled(procs.map((p) => stopGracefully(p, 5_000)));
  // Streams or timers still pending must not keep the test running.
  process.exit();
}
