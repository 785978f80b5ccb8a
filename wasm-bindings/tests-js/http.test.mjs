// The HTTP client (wasm-bindings/src/http/) against a fake server on 127.0.0.1: headers, the
// `_t` cache-buster, POST bodies, the envelope and its failure codes, "logged out", timeouts
// that abort the fetch, the CMS cache / sharing / debounce, the messages cache and call
// tracking. Expected header names/values, CMS paths and tracking records come from core's own
// exports (requestHeaders, cmsDataPath, callTrackingRecord's shape), never from literals.
//
// Builds nothing: run `AIVG_WASM_FAST=1 npm run build:wasm` first.
import { test, before, after, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { startFakeServer } from "./fake-server.mjs";
import {
  configureClient, getClientConfig, setAccessToken, getAccessToken, getClientSerial,
  onLoggedOut, onCallTracked, clearHttpCache, request, requestRaw,
  renewToken, getUserInfo, logout, exchangeOauthToken, getSkuInfo, getCheckinStatus,
  claimCheckin, getCreditHistory, listWorkflows, createTask, getTaskResult, getTaskResults,
  cancelTask, deleteTask, retryTask, listTasks, createSensitiveDetect, getCmsData,
  getCmsDataDebounced, getMessages, getBuildManifest, getLatestBuild, getPagePayload,
  requestHeaders, cmsDataPath, isValidClientSerial, appSettings,
} from "./pkg.mjs";

let server;
const ok = (data, extra = {}) => ({ body: { code: 0, msg: "ok", data, trace_id: "tr-ok", ...extra } });

before(async () => {
  server = await startFakeServer();
  configureClient({ baseUrl: server.baseUrl, productVersion: "9.9.9", language: "de", isMobile: false, timeoutMs: 0 });
});

after(async () => {
  await server.close();
});

beforeEach(() => {
  setAccessToken(null);
  configureClient({ isMobile: false, language: "de" });
});

/** Runs `fn` while collecting what `subscribe` delivers. */
async function collect(subscribe, fn) {
  const seen = [];
  const off = subscribe((e) => seen.push(e));
  try {
    await fn();
  } finally {
    off();
  }
  return seen;
}

test("configureClient changes only the given settings and getClientConfig reports them", () => {
  const config = getClientConfig();
  assert.equal(config.baseUrl, server.baseUrl);
  assert.equal(config.productVersion, "9.9.9");
  assert.equal(config.timeoutMs, null);
  assert.equal(config.clientSerialCookieDays, 14);
  assert.throws(() => configureClient({ timeoutMs: -1 }), { code: "invalid_argument" });
});

test("every call sends core's headers: app name, version, serial, client type, language, Bearer token", async () => {
  server.route("/v1/token/renew", () => ok({ jwt: "j", access_token: "a" }));
  setAccessToken("tok-123");
  assert.equal(getAccessToken(), "tok-123");
  configureClient({ isMobile: true });
  assert.deepEqual(await renewToken(), { jwt: "j", access_token: "a" });

  const serial = getClientSerial();
  assert.ok(isValidClientSerial(serial));
  assert.equal(getClientSerial(), serial, "the serial is generated once");
  const expected = requestHeaders({
    appName: "", productVersion: "9.9.9", clientSerial: serial, isMobile: true, language: "de", token: "tok-123",
  });
  const sent = server.to("/v1/token/renew").at(-1).headers;
  for (const [name, value] of expected) assert.equal(sent[name.toLowerCase()], value, name);
  assert.equal(sent["x-client-type"], "8");
  assert.ok(expected.some(([n, v]) => n === "Authorization" && v === "Bearer tok-123"));
  assert.ok(expected.some(([, v]) => v === appSettings().appName));

  // Desktop, guest: client type 7 and no Authorization header.
  setAccessToken(null);
  configureClient({ isMobile: false });
  await renewToken();
  const guest = server.to("/v1/token/renew").at(-1).headers;
  const guestExpected = requestHeaders({
    appName: "", productVersion: "9.9.9", clientSerial: serial, isMobile: false, language: "de",
  });
  for (const [name, value] of guestExpected) assert.equal(guest[name.toLowerCase()], value, name);
  assert.equal(guest.authorization, undefined);
  assert.equal(guest["x-client-type"], "7");
});

test("GET sends params as a query with the _t cache-buster; noCacheBust leaves it out", async () => {
  server.route("/v1/workflow/list", () => ok({ list: [], paginate: { total: 0 } }));
  const before = Date.now();
  await listWorkflows({ page_size: 25, page: 1, fun_module: "effect", media: "video" });
  const rec = server.to("/v1/workflow/list").at(-1);
  assert.equal(rec.method, "GET");
  assert.deepEqual(
    { ...rec.query, _t: undefined },
    { fun_module: "effect", media: "video", page: "1", page_size: "25", _t: undefined },
  );
  assert.ok(Number(rec.query._t) >= before && Number(rec.query._t) <= Date.now());
  assert.match(rec.url, /&_t=\d+$/, "_t comes last");

  await request({ path: "/v1/workflow/list", params: { page: 2 }, noCacheBust: true });
  const plain = server.to("/v1/workflow/list").at(-1);
  assert.deepEqual(plain.query, { page: "2" });
});

test("getCreditHistory reads core's CreditHistoryQuery (page_size default 15) and GETs /v1/credit/history", async () => {
  server.route("/v1/credit/history", () => ok({ list: [{ type: "Consumption" }], total: 1 }));
  assert.deepEqual(await getCreditHistory({ type: "Consumption", page: 2 }), { list: [{ type: "Consumption" }], total: 1 });
  const rec = server.to("/v1/credit/history").at(-1);
  assert.equal(rec.query.type, "consumption");
  assert.equal(rec.query.page, "2");
  assert.equal(rec.query.page_size, "15");
  await assert.rejects(getCreditHistory({ type: "bogus", page: 1 }), { code: "invalid_argument" });
});

test("POST sends params as a JSON body; ids and algorithms are encoded into the path", async () => {
  server.route("POST /v1/ai/result/batch", () => ok([{ id: "a" }]));
  server.route("POST /v1/ai/retry", () => ok(null));
  server.route("POST /v1/ai/task", () => ok({ list: [] }));
  server.route("POST /v1/ai/create/text2video", () => ok({ task_id: "t1" }));
  server.route("POST /v1/ai/create/t_sensitive_detect", () => ok({ task_id: "s1" }));
  server.route("GET /v1/ai/result/text2video/t%201", () => ok({ status: "done" }));
  server.route("POST /v1/ai/cancel/a%2Fb", () => ok(true));
  server.route("POST /v1/ai/del/42", () => ok(true));

  await getTaskResults(["a", "b"]);
  let rec = server.to("/v1/ai/result/batch").at(-1);
  assert.equal(rec.method, "POST");
  assert.equal(rec.headers["content-type"], "application/json");
  assert.deepEqual(JSON.parse(rec.body), { task_ids: ["a", "b"] });
  assert.deepEqual(rec.query, {}, "no _t on POST");

  await retryTask("t-9");
  assert.deepEqual(JSON.parse(server.to("/v1/ai/retry").at(-1).body), { task_id: "t-9" });
  await listTasks({ page: 1, page_size: 20, module: "text2video" });
  assert.deepEqual(JSON.parse(server.to("/v1/ai/task").at(-1).body), { module: "text2video", page: 1, page_size: 20 });
  assert.deepEqual(await createTask("text2video", { data: { prompt: "cat" } }), { task_id: "t1" });
  assert.deepEqual(JSON.parse(server.to("/v1/ai/create/text2video").at(-1).body), { data: { prompt: "cat" } });
  await createSensitiveDetect("t", { data: { prompt: "cat" } });
  assert.equal(server.to("/v1/ai/create/t_sensitive_detect").length, 1);
  await assert.rejects(createSensitiveDetect("x", { data: {} }), { code: "invalid_argument" });

  assert.deepEqual(await getTaskResult("text2video", "t 1"), { status: "done" });
  assert.equal(await cancelTask("a/b"), true);
  assert.equal(await deleteTask(42), true);
  // A logout without a body still sends "{}".
  server.route("POST /v1/logout", () => ok(null));
  await logout();
  assert.equal(server.to("/v1/logout").at(-1).body, "{}");
});

test("request supports PUT bodies and DELETE queries, and rejects unknown methods", async () => {
  server.route("PUT /v1/things/7", () => ok({ put: true }));
  server.route("DELETE /v1/things/7", () => ok({ deleted: true }));
  assert.deepEqual(await request({ method: "PUT", path: "/v1/things/:id", id: 7, params: { a: 1 } }), { put: true });
  assert.deepEqual(JSON.parse(server.to("/v1/things/7").at(-1).body), { a: 1 });
  assert.deepEqual(await request({ method: "delete", path: "/v1/things/:id", id: "7", params: { x: "y" } }), { deleted: true });
  assert.deepEqual(server.to("/v1/things/7").at(-1).query, { x: "y" });
  await assert.rejects(request({ method: "PATCH", path: "/x" }), { code: "invalid_argument" });
  await assert.rejects(request({ path: "/v1/things/:id" }), { code: "missing_id" });
});

test("the envelope: success resolves data; failures reject with core's code, httpStatus, traceId, message", async () => {
  server.route("/env/ok", () => ok({ n: 1 }));
  server.route("/env/body-code", () => ({ body: { code: 20001, message: "quota exceeded", trace_id: "tr-1", data: { left: 0 } } }));
  server.route("/env/http-500", () => ({ status: 500, body: "<html>boom</html>", type: "text/html" }));
  server.route("/env/http-502-code", () => ({ status: 502, body: { code: 31, msg: "upstream" } }));
  server.route("/env/http-503-zero", () => ({ status: 503, body: { code: 0 } }));
  server.route("/env/not-json", () => ({ status: 200, body: "not json", type: "text/plain" }));

  assert.deepEqual(await request({ path: "/env/ok" }), { n: 1 });

  await assert.rejects(request({ path: "/env/body-code" }), (e) => {
    assert.ok(e instanceof Error);
    assert.equal(e.name, "HttpError");
    assert.equal(e.code, 20001);
    assert.equal(e.httpStatus, 200);
    assert.equal(e.traceId, "tr-1");
    assert.equal(e.message, "quota exceeded");
    assert.deepEqual(e.data, { left: 0 });
    assert.ok(e.url.startsWith(`${server.baseUrl}/env/body-code?_t=`));
    return true;
  });
  await assert.rejects(request({ path: "/env/http-500" }), { code: 500, httpStatus: 500, traceId: null });
  await assert.rejects(request({ path: "/env/http-502-code" }), { code: 31, httpStatus: 502, message: "upstream" });
  await assert.rejects(request({ path: "/env/http-503-zero" }), { code: 503, httpStatus: 503 });
  await assert.rejects(request({ path: "/env/not-json" }), { code: -1, httpStatus: 200 });

  // No answer at all (nothing listens on the port): -1 and HTTP status 0.
  const closed = await startFakeServer();
  const deadUrl = closed.baseUrl;
  await closed.close();
  await assert.rejects(request({ path: `${deadUrl}/gone` }), { name: "HttpError", code: -1, httpStatus: 0 });
});

test("401 and code 140013 fire onLoggedOut, except on token renew, oauth token and logout", async () => {
  server.route("POST /v1/user", () => ({ status: 401, body: { code: 401, msg: "unauthorized" } }));
  server.route("/v1/verify/record", () => ({ body: { code: 140013, msg: "session expired" } }));
  server.route("/v1/token/renew", () => ({ status: 401, body: { code: 140013 } }));
  server.route("POST /v1/oauth/token", () => ({ status: 401, body: { code: 140013 } }));
  server.route("POST /v1/logout", () => ({ status: 401, body: "" }));

  const fired = await collect(onLoggedOut, async () => {
    await assert.rejects(getUserInfo(), { httpStatus: 401 });
    await assert.rejects(request({ path: "/v1/verify/record" }), { code: 140013, httpStatus: 200 });
  });
  assert.equal(fired.length, 2);
  assert.equal(fired[0].httpStatus, 401);
  assert.equal(fired[0].code, 401);
  assert.ok(fired[0].url.endsWith("/v1/user"));
  assert.equal(fired[1].code, 140013);
  assert.equal(fired[1].httpStatus, 200);

  const sessionCalls = await collect(onLoggedOut, async () => {
    await assert.rejects(renewToken(), { code: 140013 });
    await assert.rejects(exchangeOauthToken({ code: "c" }), { code: 140013 });
    await assert.rejects(logout(), { code: 401 });
  });
  assert.deepEqual(sessionCalls, []);

  // A listener that unsubscribed hears nothing more.
  const late = await collect(onLoggedOut, async () => {});
  assert.deepEqual(late, []);
});

test("a timeout aborts the fetch: rejects with a TimeoutError and the server sees the connection closed", async () => {
  server.route("/slow", () => "hang");
  const aborted = server.waitForAbort("/slow");
  await assert.rejects(request({ path: "/slow", timeoutMs: 50 }), (e) => {
    assert.equal(e.name, "TimeoutError");
    assert.equal(e.code, -1);
    assert.equal(e.httpStatus, 0);
    assert.match(e.message, /timed out after 50 ms/);
    return true;
  });
  await aborted;
  assert.ok(server.aborted.includes("/slow"));

  // The client-wide default applies to the typed calls too.
  server.route("/v1/buy/sku-info", () => "hang");
  const skuAborted = server.waitForAbort("/v1/buy/sku-info");
  configureClient({ timeoutMs: 50 });
  try {
    await assert.rejects(getSkuInfo({ plan: 4, country: "US" }), { name: "TimeoutError" });
  } finally {
    configureClient({ timeoutMs: 0 });
  }
  await skuAborted;
});

test("requestRaw resolves the raw Response without reading the envelope", async () => {
  server.route("/raw/file", () => ({ body: "plain text", type: "text/plain" }));
  const res = await requestRaw({ path: "/raw/file", noCacheBust: true });
  assert.equal(res.status, 200);
  assert.equal(await res.text(), "plain text");
});

test("getCmsData: one request for concurrent calls, cached afterwards, failures resolve undefined and are retried", async () => {
  const page = "/text-to-video";
  const path = cmsDataPath(page);
  const cms = { tdk: { title: "T", description: "D", keywords: "K" }, head: "", content: "<p>x</p>", bottom: "" };
  let answer = () => ok(cms);
  server.route(path, () => answer());
  clearHttpCache();

  const results = await Promise.all([getCmsData(page), getCmsData(page), getCmsData(page)]);
  assert.equal(server.to(path).length, 1, "concurrent calls share one fetch");
  for (const r of results) assert.deepEqual(r, cms);
  assert.ok(server.to(path)[0].query._t, "the CMS GET carries _t like every GET");

  assert.deepEqual(await getCmsData(page), cms);
  assert.equal(server.to(path).length, 1, "a call within 300 s is served from the cache");

  clearHttpCache();
  answer = () => ({ body: { code: 500, msg: "cms down" } });
  assert.equal(await getCmsData(page), undefined);
  assert.equal(server.to(path).length, 2);
  answer = () => ({ status: 500, body: "x" });
  assert.equal(await getCmsData(page), undefined, "a failure is not cached");
  assert.equal(server.to(path).length, 3);
  answer = () => ok(cms);
  assert.deepEqual(await getCmsData(page), cms);
  assert.equal(server.to(path).length, 4);
});

test("getCmsDataDebounced: the last call within the wait wins and every caller gets its data", async () => {
  clearHttpCache();
  for (const p of ["/deb-a", "/deb-b", "/deb-c"]) server.route(cmsDataPath(p), () => ok({ content: p }));
  const pending = [getCmsDataDebounced("/deb-a"), getCmsDataDebounced("/deb-b"), getCmsDataDebounced("/deb-c")];
  const results = await Promise.all(pending);
  assert.deepEqual(results, [{ content: "/deb-c" }, { content: "/deb-c" }, { content: "/deb-c" }]);
  assert.equal(server.to(cmsDataPath("/deb-a")).length, 0);
  assert.equal(server.to(cmsDataPath("/deb-b")).length, 0);
  assert.equal(server.to(cmsDataPath("/deb-c")).length, 1);
});

test("getMessages: GET /_i18n/{hash}/{locale}/messages.json without _t, cached, failures warn and resolve undefined", async () => {
  clearHttpCache();
  server.route("/_i18n/h1/de/messages.json", () => ({ body: { hello: "Hallo" } }));
  const [a, b] = await Promise.all([getMessages("h1", "de"), getMessages("h1", "de")]);
  assert.deepEqual(a, { hello: "Hallo" });
  assert.deepEqual(b, a);
  assert.deepEqual(await getMessages("h1", "de"), a);
  const recs = server.to("/_i18n/h1/de/messages.json");
  assert.equal(recs.length, 1);
  assert.deepEqual(recs[0].query, {});

  assert.equal(await getMessages("missing", "fr"), undefined);
  assert.equal(await getMessages("missing", "fr"), undefined);
  assert.equal(server.to("/_i18n/missing/fr/messages.json").length, 2, "a failure is not cached");
  await assert.rejects(getMessages("h1", "xx"), { code: "unsupported_language" });
});

test("build manifests and page payloads: 404/403 tolerated, other failures reject", async () => {
  server.route("/builds/latest.json", () => ({ body: { id: "b2", timestamp: 1 } }));
  server.route("/builds/meta/b2.json", () => ({ body: { id: "b2", prerendered: ["/home"] } }));
  server.route("/builds/meta/gone.json", () => ({ status: 404, body: "" }));
  server.route("/builds/meta/hidden.json", () => ({ status: 403, body: "" }));
  server.route("/builds/meta/broken.json", () => ({ status: 500, body: "" }));
  server.route("/home/_payload.json", () => ({ body: '[{"a":1},"x"]' }));

  assert.deepEqual(await getLatestBuild(), { id: "b2", timestamp: 1 });
  assert.ok(server.to("/builds/latest.json")[0].query._t);
  assert.deepEqual(await getBuildManifest("b2"), { id: "b2", prerendered: ["/home"] });
  assert.equal(await getBuildManifest("gone"), undefined);
  assert.equal(await getBuildManifest("hidden"), undefined);
  await assert.rejects(getBuildManifest("broken"), { code: 500, httpStatus: 500 });

  assert.equal(await getPagePayload("/home", "b2"), '[{"a":1},"x"]');
  assert.deepEqual(server.to("/home/_payload.json").at(-1).query, { _t: "b2" });
  await getPagePayload("/home/");
  assert.match(server.to("/home/_payload.json").at(-1).query._t, /^\d+$/);
});

test("onCallTracked receives core's tracking record of every API call", async () => {
  server.route("/v1/common/ab-test", () => ok({ plan: 2 }, { trace_id: "tr-ab" }));
  server.route("POST /v1/activity/checkin", () => ({ body: { code: 7, msg: "already", trace_id: 99 } }));
  server.route("/v1/activity/checkin/status", () => ok({ is_checked_in: 0 }));
  const records = await collect(onCallTracked, async () => {
    await request({ path: "/v1/common/ab-test", params: { test_code: "t" } });
    await assert.rejects(claimCheckin({ code: "daily_checkin" }), { code: 7 });
    await getCheckinStatus({ code: "daily_checkin" });
  });
  assert.equal(records.length, 3);
  const [abTest, claim, status] = records;
  assert.deepEqual(Object.keys(abTest).sort(), ["code", "duration", "host", "httpStatus", "message", "status", "traceId", "url"]);
  assert.equal(abTest.host, server.host);
  assert.equal(abTest.url, `${server.baseUrl}/v1/common/ab-test`, "no query in the record");
  assert.equal(abTest.httpStatus, 200);
  assert.equal(abTest.code, 0);
  assert.equal(abTest.status, "success");
  assert.equal(abTest.traceId, "tr-ab");
  assert.ok(Number.isInteger(abTest.duration) && abTest.duration >= 0);
  assert.equal(claim.status, "fail");
  assert.equal(claim.code, 7);
  assert.equal(claim.message, "already");
  assert.equal(claim.traceId, "99");
  assert.equal(status.url, `${server.baseUrl}/v1/activity/checkin/status`);

  // A throwing listener does not break the call or the other listeners.
  const offBad = onCallTracked(() => {
    throw new Error("listener bug");
  });
  const after = await collect(onCallTracked, () => getCheckinStatus({ code: "daily_checkin" }));
  offBad();
  assert.equal(after.length, 1);
});
