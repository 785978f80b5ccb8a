/** Playwright global setup: one real server for the whole run, stopped by the returned teardown. */
import { startServer } from "./server";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.AIVG_E2E_ORIGIN = server.origin;
  return server.stop;
}
