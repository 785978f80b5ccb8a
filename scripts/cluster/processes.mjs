// The cluster test's processes: aivg-server instances started as deploy/aivg-server.service says,
// the fake ComfyUI backends, nginx with deploy/nginx.conf. Each is stopped as systemd would stop
// it (SIGTERM, then SIGKILL after the unit's TimeoutStopSec) or killed outright.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Waits until `url` answers (any HTTP status), or throws after `ms`. */
export async function waitUp(url, ms, what, log) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      if (Date.now() > end) throw new Error(`${what} did not answer on ${url} within ${ms} ms:\n${log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The unit file's `Environment=` settings and its stop timeout. */
export function readUnit(path) {
  const env = {};
  let stopMs = 30_000;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const m = /^Environment=([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m) env[m[1]] = m[2];
    const t = /^TimeoutStopSec=(\d+)$/.exec(line.trim());
    if (t) stopMs = Number(t[1]) * 1000;
  }
  if (!env.AIVG_TRUSTED_PROXY_HEADER) throw new Error(`${path}: no Environment=AIVG_TRUSTED_PROXY_HEADER`);
  return { env, stopMs };
}

/** A child process with its output kept (the last 20,000 characters) and a way to stop it. */
function start(name, bin, args, env) {
  const child = spawn(bin, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((done) => child.once("exit", (code, signal) => done({ code, signal })));
  return {
    name,
    child,
    exited,
    log: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      return exited;
    },
  };
}

/** Stops like systemd: SIGTERM, SIGKILL after `ms`. Answers how it ended. */
export async function stopGracefully(proc, ms) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return proc.exited;
  proc.child.kill("SIGTERM");
  const timer = setTimeout(() => proc.child.kill("SIGKILL"), ms);
  const how = await proc.exited;
  clearTimeout(timer);
  return how;
}

/** One aivg-server instance on `port`. */
export async function startInstance({ bin, port, dataDir, unitEnv, env }) {
  mkdirSync(dataDir, { recursive: true });
  const proc = start(`instance :${port}`, bin, [], {
    ...process.env,
    ...unitEnv,
    ...env,
    AIVG_ADDR: `127.0.0.1:${port}`,
    AIVG_DATA_DIR: dataDir,
  });
  await waitUp(`http://127.0.0.1:${port}/v1/common/country`, 60_000, proc.name, proc.log);
  return proc;
}

/** A fake ComfyUI backend that logs each prompt it accepts. */
export async function startComfy({ bin, port, schemas, index, promptLog, steps, stepMs }) {
  const args = ["--port", String(port), "--schemas", schemas, "--index", index, "--steps", String(steps), "--step-ms", String(stepMs), "--prompt-log", promptLog];
  const proc = start(`comfyui :${port}`, bin, args, process.env);
  await waitUp(`http://127.0.0.1:${port}/system_stats`, 20_000, proc.name, proc.log);
  return proc;
}

/**
 * nginx with deploy/nginx.conf: the upstream's addresses, the TLS port and the certificate are the
 * test's; everything else is the file as shipped. Each replacement must match, so a change to the
 * file's shape fails here instead of testing something else.
 */
export async function startNginx({ conf, dir, ports, listen, plain, cert, key }) {
  let text = readFileSync(conf, "utf8");
  const replace = (pattern, value, what) => {
    if (!pattern.test(text)) throw new Error(`${conf}: ${what} not found`);
    text = text.replace(pattern, value);
  };
  const servers = ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join("\n");
  replace(/(upstream aivg \{\n(?:    #.*\n)*)(    server .*\n)+/, `$1${servers}\n`, "the upstream's server lines");
  replace(/listen 80;/, `listen 127.0.0.1:${plain};`, "listen 80");
  replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${listen} ssl http2;`, "listen 443 ssl http2");
  replace(/ssl_certificate \/etc\/ssl\/certs\/video\.example\.com\.pem;/, `ssl_certificate ${cert};`, "ssl_certificate");
  replace(/ssl_certificate_key \/etc\/ssl\/private\/video\.example\.com\.key;/, `ssl_certificate_key ${key};`, "ssl_certificate_key");
  mkdirSync(join(dir, "logs"), { recursive: true });
  writeFileSync(join(dir, "aivg.conf"), text);
  writeFileSync(
    join(dir, "nginx.conf"),
    `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log warn;\n` +
      `events { worker_connections 4096; }\n` +
      `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n` +
      `  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n  include ${dir}/aivg.conf;\n}\n`,
  );
  const proc = start("nginx", "nginx", ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "logs/error.log")], process.env);
  await waitUp(`https://127.0.0.1:${listen}/`, 10_000, "nginx", () => proc.log() + readFileSync(join(dir, "logs/error.log"), "utf8"));
  return proc;
}
