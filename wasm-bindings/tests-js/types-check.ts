// Type-level check of the package's declarations for the lang, routes, request, session, ui and
// progress exports: every export is called with correctly typed arguments and its result used
// with its declared type. Checked with `tsc --strict --noEmit` (tsconfig.json here resolves
// "@aivg/core" to the built d.ts; package.test.mjs checks it again inside a project that
// installed the packed tarball). Never run: it only has to compile.
import {
  // lang
  languages, switcherLanguages, languageCookie, languageConstants, languageByCode, tagForCode,
  codeForTag, messagesPath, isSupportedLanguage, normalizeLanguage, mapBrowserLanguage,
  pickBrowserLanguage, resolveLanguage,
  // routes
  matchRoute, routeRedirect, musicTab, splitPrefix, addPrefix, switchLanguagePath, canonicalUrl,
  menu, activeMenuEntry, isMenuEntryActive, routeTable, namedSections, generationTypes,
  routeByName, isGenerationType, hidesFrame, routePath,
  // request
  buildGetUrl, buildPostUrl, buildPostBody, buildQuery, resolvePath, joinUrl, parseEnvelope,
  normalizeResponse, isLoggedOutResponse, isSessionCall, requestHeaders, appSettings,
  requestConstants, generateClientSerial, isValidClientSerial, cmsCacheKey, cmsDataPath,
  cmsPathFromKey, callTrackingRecord, classifyLink,
  // session
  storedValueValid, readStoredValue, makeStoredRecord, isLoggedIn, parseUserInfo,
  parseTokenResponse, displayName, tokenUid, jwtPayload, cachedUserInfo, userInfoRecord,
  planLevel, planActionLabel, isSubscribed, isPremium, isStandard, tierFromSubTplName,
  tierFromSkuId, skuTier, userFlags, sessionConstants,
  // ui
  validateMusicPrompt, validateSongLyrics, trimmedLength, isPhone, breakpointAt, uiConstants,
  previewZoomIn, previewZoomOut, previewZoomClamp, previewViewport, previewFit, errorPage,
  errorPageStatus, isBotUserAgent, errorPageShowsStack, errorPageFeatureGuide, sourceText,
  sourceTexts, fillPlaceholders, consumptionMessage,
  // progress
  progressTick, progressAfter, progressDisplay, toastTop, toastPhase, toastKind,
  templateFirstPage, templateHasMore, templateLoadMore, reloadAllowed, manifestPrefetchDelay,
  paymentPollNext, paymentPollElapsedSeconds, sessionIdExpired, carouselNext, carouselSlideAt,
  timings,
} from "@aivg/core";
import type {
  LanguageCode, Stage, Language, LanguageCookie, LanguageConstants, NavigationInput,
  LanguageResolution, RouteName, RouteParams, RouteMeta, RouteMatch, RouteDef, PathSplit,
  MusicTab, MenuItem, MenuEntry, RequestParams, Envelope, NormalizedResponse, HeaderInput,
  AppSettings, CallTrackingRecord, LinkConfig, LinkAction, RequestConstants, StoredRecord,
  StoredRead, UserInfo, UserInfoInput, TokenResponse, CachedUserInfo, PlanLevel, PlanAction,
  Tier, UserFlags, SessionConstants, UiConstants, PreviewSize, ErrorPage, FeatureGroup,
  FeatureLink, SourceText, ToastKind, ToastPhase, TemplatePageQuery, PollAction, Timings,
} from "@aivg/core";

/** Fails to compile unless `T` is exactly `U` (both ways assignable, no `any`). */
type Exactly<T, U> = (<V>() => V extends T ? 1 : 2) extends <V>() => V extends U ? 1 : 2 ? true : false;
function expectType<T>(_value: T): void {}
function assertExact<T extends true>(): void {}

const now: number = Date.now();

// ---- lang ----
const all: Language[] = languages();
const switcher: Language[] = switcherLanguages();
const firstCode: LanguageCode = all[0]?.code ?? "en";
const inSwitcher: boolean = switcher.every((l) => l.inSwitcher && l.tag.length > 0 && l.name !== "");
const cookie: LanguageCookie = languageCookie();
const cookieDays: number = cookie.maxAgeDays + cookie.name.length;
const langConstants: LanguageConstants = languageConstants();
const defaultLanguage: LanguageCode = langConstants.defaultLanguage;
const cacheHours: number = langConstants.messagesCacheHours + langConstants.cookieMaxAgeDays;
const german: Language = languageByCode("de");
const tag: string = tagForCode("jp");
const fromTag: LanguageCode = codeForTag("ja-JP");
const messages: string = messagesPath("abc123", fromTag);
const stage: Stage = "production";
const supported: boolean = isSupportedLanguage("zz", stage);
const normalized: LanguageCode = normalizeLanguage("xx", "development");
const mapped: LanguageCode = mapBrowserLanguage("de-AT");
const browserLanguages: readonly string[] = Object.freeze(["nl-NL", "de-DE"]);
const picked: LanguageCode = pickBrowserLanguage(browserLanguages);
const navigation: NavigationInput = { path: "/", query: "a=1", savedLanguage: null, browserLanguages, stage };
const resolution: LanguageResolution = resolveLanguage(navigation);
const minimal: LanguageResolution = resolveLanguage({ path: "/de/home", stage: "staging" });
const redirectTo: string | undefined = resolution.redirectTo;
const save: boolean = resolution.save && minimal.step === 1;
const step: 1 | 2 | 3 | 4 = resolution.step;
assertExact<Exactly<LanguageResolution["language"], LanguageCode>>();

// ---- routes ----
const match: RouteMatch = matchRoute("/de/text-to-video/cat");
const matchName: RouteName = match.name;
const matchParams: RouteParams = match.params;
const semantic: string | undefined = matchParams.semantic;
const slug: string[] | undefined = match.params.slug;
const meta: RouteMeta = match.meta;
const metaType: string | undefined = meta.type;
const hasBack: boolean = meta.hasBack && match.noindex && match.hidesFrame;
const redirect: string | undefined = routeRedirect("/de", "a=1");
const tab: MusicTab = musicTab("?tab=song");
const split: PathSplit = splitPrefix("/de/home");
const rest: string = split.rest;
const splitLanguage: LanguageCode = split.language;
const prefixed: string = addPrefix(rest, splitLanguage);
const switched: string = switchLanguagePath("/de/home", "jp");
const canonical: string = canonicalUrl("https://example.com", switched);
const items: MenuItem[] = menu();
for (const item of items) {
  if (item.kind === "entry") {
    const route: RouteName = item.route;
    const key: string = item.labelKey + item.label;
    expectType<[RouteName, string]>([route, key]);
  } else if (item.kind === "group") {
    const entries: MenuEntry[] = item.entries;
    expectType<string>(item.titleKey + item.title + String(entries.length));
  } else {
    expectType<"divider">(item.kind);
  }
}
const active: RouteName | undefined = activeMenuEntry("VideoToAnime");
const isActive: boolean = isMenuEntryActive("AiTools", "AiToolsBgRemover");
const table: RouteDef[] = routeTable();
const paramNames: string[] = table.flatMap((d) => d.params);
const sections: RouteName[] = namedSections();
const generation: RouteName[] = generationTypes();
const def: RouteDef = routeByName("TextToVideo");
const defRedirect: string | undefined = def.redirectTo;
const isGeneration: boolean = isGenerationType(def.name);
const hides: boolean = hidesFrame("Template");
const path: string = routePath("TextToVideo", { semantic: "cat dance" }, "de");
const catchAll: string = routePath("CatchAll", { slug: ["a", "b"] }, defaultLanguage);

// ---- request ----
const params: RequestParams = { page: 1, page_size: 25, fun_module: "effect" };
const getUrl: string = buildGetUrl("https://api.example.com", "/v1/workflow/list", params, null, now);
const getUrlNoStamp: string = buildGetUrl("https://api.example.com", "/v1/task/:id", null, "42");
const postUrl: string = buildPostUrl("https://api.example.com", "/v1/task/:id", "42");
const body: string = buildPostBody({ b: 1, a: 2 });
const query: string = buildQuery(params, null);
const resolved: string = resolvePath("/v1/task/:id", "a b");
const joined: string = joinUrl("https://api.example.com/", resolved);
const envelope: Envelope = parseEnvelope('{"code":0,"msg":"ok","data":[1]}');
const envelopeData: unknown = envelope.data;
const traceId: string | null = envelope.trace_id;
const envelopeCode: number = envelope.code + envelope.msg.length;
const normalizedResponse: NormalizedResponse = normalizeResponse(200, '{"code":0}');
const responseTrace: string | null = normalizedResponse.traceId;
const loggedOut: boolean = isLoggedOutResponse("/v1/user", normalizedResponse.httpStatus, normalizedResponse.code);
const loggedOutNoCode: boolean = isLoggedOutResponse("/v1/user", 401);
const sessionCall: boolean = isSessionCall("/v1/logout");
const headerInput: HeaderInput = { productVersion: "1.4.0", isMobile: false, language: "de", token: null };
const headers: [string, string][] = requestHeaders(headerInput);
const headerNames: string[] = headers.map(([name]) => name);
const settings: AppSettings = appSettings();
const appId: number = settings.appId + settings.appSource;
const reqConstants: RequestConstants = requestConstants();
const randomBytes = new Uint8Array(reqConstants.clientSerialRandomBytes);
const serial: string = generateClientSerial(randomBytes);
const validSerial: boolean = isValidClientSerial(serial);
const cmsKey: string = cmsCacheKey("/home");
const cmsPath: string = cmsDataPath("/home");
const cmsBack: string = cmsPathFromKey(cmsKey);
const tracking: CallTrackingRecord = callTrackingRecord(getUrl, now - 200, now, normalizedResponse);
const trackingStatus: "success" | "fail" = tracking.status;
const duration: number = tracking.duration;
const linkConfig: LinkConfig = {
  currentOrigin: "https://www.media.io",
  mainSiteOrigin: "https://www.media.io",
  aiPath: "/ai",
  subDomainSuffix: ".media.io",
};
const action: LinkAction = classifyLink("/ai/text-to-video?from=ad", linkConfig);
switch (action.kind) {
  case "internal":
    expectType<string>(action.route);
    break;
  case "newTab":
    expectType<"mainSite" | "subDomain" | "external">(action.target);
    expectType<string>(action.url);
    break;
  case "replace":
    expectType<string>(action.url);
    break;
  case "refused":
    expectType<string>(action.scheme);
    break;
}

// ---- session ----
const record: StoredRecord = makeStoredRecord({ a: 1 }, now, 86_400_000);
const neverExpires: StoredRecord = makeStoredRecord("v", now);
const expire: number | undefined = record.expire;
const valid: boolean = storedValueValid(record, now) && storedValueValid(null, now);
const read: StoredRead = readStoredValue(JSON.stringify(neverExpires), now);
const readValue: unknown = read.value;
const remove: boolean = readStoredValue(null, now).remove;
const loggedIn: boolean = isLoggedIn(record, now);
const user: UserInfo = parseUserInfo({ uid: 9, nickname: "Ana" });
const uid: string | undefined = user.uid;
const credits: number | undefined = user.integral?.integral;
const level: string = user.verify?.level ?? "free";
const subscriptions: (string | undefined)[] = user.subscribe?.map((s) => s.name) ?? [];
const tokenResponse: TokenResponse = parseTokenResponse({ jwt: "a.b.c", access_token: "t" });
const isNew: boolean | undefined = tokenResponse.is_new;
const userInput: UserInfoInput = { firstname: "Bo", lastname: "Li", uid: 12345 };
const name: string = displayName(userInput) + displayName(user);
const token = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1aWQiOjEyMzQ1fQ.c2ln";
const tokenUser: string = tokenUid(token);
const payload: { [claim: string]: unknown } = jwtPayload(token);
const claim: unknown = payload["uid"];
const cached: CachedUserInfo = cachedUserInfo(record, token, now);
const cachedUser: UserInfo | null = cached.user;
const clear: boolean = cached.clear;
const userRecord: StoredRecord = userInfoRecord(user, now);
const shownLevel: PlanLevel = planLevel(true, level);
const planAction: PlanAction = planActionLabel(level);
const subscribed: boolean = isSubscribed(level) || isPremium(level) || isStandard(level);
const tplTier: Tier = tierFromSubTplName("AI Video Standard Monthly");
const idTier: Tier = tierFromSkuId(24_109_016);
const tier: Tier = skuTier(null, "Standard");
const flags: UserFlags = userFlags(token, user);
const guestFlags: UserFlags = userFlags(null, null);
const flagLevel: PlanLevel = flags.planLevel;
const curCredits: number = flags.curCredits + guestFlags.curCredits;
const sessConstants: SessionConstants = sessionConstants();
const storageKey: string = sessConstants.userInfoStorageKey;

// ---- ui ----
const prompt: string = validateMusicPrompt("  calm piano at night ");
const lyrics: string = validateSongLyrics("la la la la la");
const length: number = trimmedLength(prompt);
const phone: boolean = isPhone(375);
const breakpoint: number | undefined = breakpointAt(1000);
const ui: UiConstants = uiConstants();
const breakpoints: number[] = ui.breakpointsPx;
const zIndex: number = ui.dialogZIndex;
const zoom: number = previewZoomClamp(previewZoomOut(previewZoomIn(1)));
const viewport: PreviewSize = previewViewport(1000, 800);
const fit: PreviewSize = previewFit(4000, 3000, viewport.width, viewport.height);
const page: ErrorPage | undefined = errorPage(500, "Mozilla/5.0");
const pageTitle: string | undefined = page?.title;
const pageNoArgs: ErrorPage | undefined = errorPage();
const status: number = errorPageStatus(page?.statusCode) + errorPageStatus();
const bot: boolean = isBotUserAgent("Googlebot/2.1");
const stack: boolean = errorPageShowsStack("development");
const guide: FeatureGroup[] = errorPageFeatureGuide();
const links: FeatureLink[] = guide.flatMap((g) => g.items);
const text: string | undefined = sourceText("errorPage.title.404");
const texts: SourceText[] = sourceTexts();
const filled: string = fillPlaceholders(texts[0]?.text ?? "", { n: "5" });
const consumption: string = consumptionMessage(5);

// ---- progress ----
const tick: number = progressTick(progressAfter(1000));
const percent: number = progressDisplay(tick);
const top: number = toastTop(2);
const phase: ToastPhase = toastPhase(3100, null);
const phaseDefault: ToastPhase = toastPhase(10);
const kind: ToastKind = toastKind("Warning");
const first: TemplatePageQuery = templateFirstPage();
const pageSize: number = first.page_size + first.page;
const more: boolean = templateHasMore(25, 100);
const next: TemplatePageQuery | undefined = templateLoadMore(25, 100, false);
const reload: boolean = reloadAllowed(null, now) && reloadAllowed(now - 20_000, now);
const prefetch: number | undefined = manifestPrefetchDelay("4g");
const prefetchUnknown: number | undefined = manifestPrefetchDelay();
const poll: PollAction = paymentPollNext(0, false);
if (poll.type === "poll") {
  expectType<number>(poll.delayMs);
}
const elapsed: number = paymentPollElapsedSeconds(now - 5000, now);
const expired: boolean = sessionIdExpired(now - 1_900_000, now);
const slide: number = carouselSlideAt(13_000) + carouselNext(3);
const allTimings: Timings = timings();
const refreshes: number[] = allTimings.purchaseUserRefreshMs;

// Keep every binding used (noUnusedLocals may be on in a consumer's config).
export const used: unknown[] = [
  firstCode, inSwitcher, cookieDays, cacheHours, german, tag, messages, supported, normalized,
  mapped, picked, redirectTo, save, step, matchName, semantic, slug, metaType, hasBack, redirect,
  tab, prefixed, canonical, active, isActive, paramNames, sections, generation, defRedirect,
  isGeneration, hides, path, catchAll, getUrl, getUrlNoStamp, postUrl, body, query, joined,
  envelopeData, traceId, envelopeCode, responseTrace, loggedOut, loggedOutNoCode, sessionCall,
  headerNames, appId, validSerial, cmsPath, cmsBack, trackingStatus, duration, expire, valid,
  readValue, remove, loggedIn, uid, credits, subscriptions, isNew, name, tokenUser, claim,
  cachedUser, clear, userRecord, shownLevel, planAction, subscribed, tplTier, idTier, tier,
  flagLevel, curCredits, storageKey, lyrics, length, phone, breakpoint, breakpoints, zIndex, zoom,
  fit, pageTitle, pageNoArgs, status, bot, stack, links, text, filled, consumption, percent, top,
  phase, phaseDefault, kind, pageSize, more, next, reload, prefetch, prefetchUnknown, elapsed,
  expired, slide, refreshes,
];
