// The spec's fixed numbers and names the app reads from the package instead of repeating them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { languageConstants, requestConstants, shareImageSize } from "./pkg.mjs";

test("CMS injection constants (docs/behaviour/languages-and-routes.md#page-content)", () => {
  const c = requestConstants();
  assert.equal(c.cmsInjectDelayMs, 50);
  assert.equal(c.embedModeKey, "embedmode");
  assert.equal(c.embedModeSideapp, "www-sideapp");
  assert.equal(c.templateCssFile, "template.min.css");
  assert.equal(c.cmsCacheTtlMs, 300000);
});

test("the saved language's local-storage key (docs/behaviour/languages-and-routes.md#languages)", () => {
  assert.equal(languageConstants().storageKey, "language");
  assert.equal(languageConstants().cookieName, "i18n_redirected");
});

test("the sharing image is 1200 × 630 (docs/behaviour/languages-and-routes.md#page-frame)", () => {
  assert.deepEqual(shareImageSize(), { width: 1200, height: 630 });
});

test("task prices come from core's table (the server charges the same)", async () => {
  const { moduleCredits } = await import("./pkg.mjs");
  assert.equal(moduleCredits("text2image"), 2);
  assert.equal(moduleCredits("mai_tcm"), 5);
  assert.equal(moduleCredits("txt2Song"), 8);
  assert.equal(moduleCredits("video2anime"), 15);
  assert.equal(moduleCredits("t_sensitive_detect"), undefined);
  assert.equal(moduleCredits("TEXT2IMAGE"), undefined);
});

test("login dialog numbers and the second-way rule (docs/behaviour/accounts-and-sessions.md#log-in)", async () => {
  const { sessionConstants, secondWayLoginRedirect } = await import("./pkg.mjs");
  const c = sessionConstants();
  assert.equal(c.secondWayLoginWindowMs, 3600000);
  assert.equal(c.tokenCookieDays, 2);
  assert.equal(c.thirdPartyCookieFlagDays, 2);
  assert.deepEqual(c.loginIframeSize, { width: 400, height: 604 });
  assert.deepEqual(c.loginPopupSize, { width: 500, height: 650 });
  assert.equal(c.loginFailureRedirectMs, 200);
  const now = 1_700_000_000_000;
  assert.equal(secondWayLoginRedirect(now - 60_000, now), true);
  assert.equal(secondWayLoginRedirect(now - 3_600_000, now), false);
  assert.equal(secondWayLoginRedirect(null, now), false);
  assert.equal(secondWayLoginRedirect(undefined, now), false);
  assert.equal(secondWayLoginRedirect(now + 5, now), false);
});

test("analytics numbers and the web vitals' rating (docs/behaviour/ads-and-experiments.md#analytics)", async () => {
  const { analyticsConstants, webVitalRating, uiConstants } = await import("./pkg.mjs");
  assert.deepEqual(analyticsConstants(), { queueMaxEvents: 1000, fcpGoodMs: 1800, lcpGoodMs: 2500 });
  assert.equal(webVitalRating("FCP", 1799), "good");
  assert.equal(webVitalRating("FCP", 1800), "needs-improvement");
  assert.equal(webVitalRating("LCP", 2499.5), "good");
  assert.equal(webVitalRating("LCP", Number.NaN), "needs-improvement");
  assert.throws(() => webVitalRating("CLS", 1), (e) => e instanceof Error && typeof e.code === "string");
  assert.equal(uiConstants().iconSizePx, 24);
  assert.equal(uiConstants().carouselGapPx, 10);
});

test("the prelaunch campaign and its apply states (docs/behaviour/ads-and-experiments.md#prelaunch-promotion)", async () => {
  const { prelaunchConstants, prelaunchOutcome, insufficientCreditsCode } = await import("./pkg.mjs");
  assert.deepEqual(prelaunchConstants(), {
    queryKey: "promo_campaign",
    queryValue: "nano_banana2_prelaunch",
    activityCode: "nano2_free",
  });
  assert.equal(prelaunchOutcome(1), "success");
  assert.equal(prelaunchOutcome("3"), "duplicate");
  assert.equal(prelaunchOutcome(5), "ended");
  for (const s of [0, 2, 4, 6, "", null, undefined, "x", () => 1]) assert.equal(prelaunchOutcome(s), "failed");
  assert.equal(insufficientCreditsCode(), 140402);
});
