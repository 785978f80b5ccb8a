// A small HTTP server for the client tests: records every request, answers from per-path
// handlers, and reports connections the client closed before an answer (aborted fetches).
import http from "node:http";

/**
 * @typedef {{ method: string, url: string, path: string, query: Record<string, string>,
 *   headers: import("node:http").IncomingHttpHeaders, body: string }} Recorded
 * @typedef {{ status?: number, body?: unknown, type?: string } | "hang"} Answer
 * @typedef {(req: Recorded) => Answer | Promise<Answer>} Handler
 */

/** Starts the server on 127.0.0.1 with an ephemeral port. */
export async function startFakeServer() {
  /** @type {Recorded[]} */
  const requests = [];
  /** @type {Map<string, Handler>} */
  const routes = new Map();
  /** @type {string[]} */
  const aborted = [];
  /** @type {Array<{ path: string, resolve: () => void }>} */
  let abortWaiters = [];

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      /** @type {Recorded} */
      const rec = {
        method: req.method ?? "",
        url: req.url ?? "",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(rec);
      res.on("close", () => {
        if (!res.writableFinished) {
          aborted.push(rec.path);
          abortWaiters = abortWaiters.filter((w) => (w.path === rec.path ? (w.resolve(), false) : true));
        }
      });
      const handler = routes.get(`${rec.method} ${rec.path}`) ?? routes.get(rec.path);
      const answer = handler
        ? await handler(rec)
        : { status: 404, body: { code: 404, msg: `no route for ${rec.method} ${rec.path}` } };
      if (answer === "hang") return;
      const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? null);
      res.writeHead(answer.status ?? 200, { "content-type": answer.type ?? "application/json" });
      res.end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    aborted,
    /** Answers `key` ("/path" or "METHOD /path") with `handler`. */
    route(key, handler) {
      routes.set(key, handler);
    },
    /** The recorded requests to `path`. */
    to(path) {
      return requests.filter((r) => r.path === path);
    },
    /** Resolves once the client closed a connection to `path` before the answer. */
    waitForAbort(path) {
      if (aborted.includes(path)) return Promise.resolve();
      return new Promise((resolve) => abortWaiters.push({ path, resolve: () => resolve(undefined) }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
