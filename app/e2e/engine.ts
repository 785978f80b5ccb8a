/**
 * The engine side of the browser tests: the fake ComfyUI (crate `fakes/comfyui`, bin
 * `fake-comfyui --port N --schemas PATH`, speaking ComfyUI's HTTP and WebSocket protocol) and a
 * second aivg-server whose AIVG_COMFYUI_URL points at it. The binary is AIVG_FAKE_COMFYUI_BIN,
 * else ../target/debug/fake-comfyui, else ../target/release/fake-comfyui (build it with
 * `cargo build -p fake-comfyui`). Started by the global setup beside the first server.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { freePort, startServer, waitUntilUp, type RunningServer } from "./server";

const appDir = resolve(import.meta.dirname, "..");
/** ComfyUI's node schemas the fake answers /object_info from (fixtures/comfyui, pinned). */
const SCHEMAS = resolve(appDir, "../fixtures/comfyui/node_schemas.json");
/** The shipped workflows' index: with it the fake has every model they need installed. */
const INDEX = resolve(appDir, "../server/workflows/index.json");
/**
 * Sampler steps and their length: a task takes about 2 s on the fake, long enough for the
 * progress bar to show values between start and end (the default 4 × 25 ms would be over
 * before the page saw any).
 */
const STEPS = ["--steps", "8", "--step-ms", "250"];

function fakeBinary(): string {
  const candidates = process.env.AIVG_FAKE_COMFYUI_BIN
    ? [resolve(process.env.AIVG_FAKE_COMFYUI_BIN)]
    : [resolve(appDir, "../target/debug/fake-comfyui"), resolve(appDir, "../target/release/fake-comfyui")];
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      `fake-comfyui not found (tried ${candidates.join(", ")}): run \`cargo build -p fake-comfyui\` in the repository root or set AIVG_FAKE_COMFYUI_BIN`,
    );
  }
  return found;
}

export async function startFakeComfy(): Promise<RunningServer> {
  const bin = fakeBinary();
  for (const file of [SCHEMAS, INDEX]) if (!existsSync(file)) throw new Error(`${file} is missing (the fake serves its node schemas and models)`);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(bin, ["--port", String(port), "--schemas", SCHEMAS, "--index", INDEX, ...STEPS], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitUntilUp(`${origin}/object_info`, child, () => output, "fake-comfyui");
  return {
    origin,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once("exit", done));
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

/** The fake ComfyUI and a server running every module on it. */
export async function startEngineServer(): Promise<{ comfy: RunningServer; server: RunningServer }> {
  const comfy = await startFakeComfy();
  try {
    const server = await startServer({ AIVG_COMFYUI_URL: comfy.origin });
    return { comfy, server };
  } catch (e) {
    await comfy.stop();
    throw e;
  }
}
