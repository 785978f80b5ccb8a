/**
 * Playwright global setup: one real server for the whole run (built-in local provider), and the
 * engine pair (a fake ComfyUI and a second server with AIVG_COMFYUI_URL pointing at it) for the
 * engine specs; all stopped by the returned teardown. When the engine pair cannot start (e.g. the
 * fake is not built), the reason goes to AIVG_E2E_ENGINE_ERROR and only the engine specs fail,
 * with that message.
 */
import { startEngineServer } from "./engine";
import { startServer } from "./server";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.AIVG_E2E_ORIGIN = server.origin;
  process.env.AIVG_E2E_DATA_DIR = server.dataDir ?? "";
  let engine: Awaited<ReturnType<typeof startEngineServer>> | null = null;
  try {
    engine = await startEngineServer();
    process.env.AIVG_E2E_ENGINE_ORIGIN = engine.server.origin;
    process.env.AIVG_E2E_ENGINE_DATA_DIR = engine.server.dataDir ?? "";
    process.env.AIVG_E2E_COMFY_ORIGIN = engine.comfy.origin;
  } catch (e) {
    process.env.AIVG_E2E_ENGINE_ERROR = e instanceof Error ? e.message : String(e);
  }
  return async () => {
    await server.stop();
    if (engine) {
      await engine.server.stop();
      await engine.comfy.stop();
    }
  };
}
