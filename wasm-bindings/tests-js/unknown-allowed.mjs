// The exports whose signature may say `unknown` (checked by package.test.mjs). Everything else
// the package takes or returns is typed by a Rust struct (tsify) or a declared wire shape: a new
// `unknown` fails the test until it is added here with its reason.

/** HTTP calls whose answer core does not read: the envelope's `data` as the server sends it. */
const untypedAnswers = [
  "cancelTask", "createImageFkp", "createMusic", "createSensitiveDetect", "createSong", "createTask",
  "createWatermarkDownload", "deleteTask", "exportWorkflowResource", "getAds", "getExploreInfo",
  "getImageFkpResult", "getMinuteUsage", "getMessages", "getOssMediaInfo", "getOssSign", "getOssToken",
  "getPromptPresets", "getPromptSample", "getRecommendedTemplates", "getSensitiveDetectResult",
  "getTaskResult", "getTaskResults", "getTtsVoices", "getVerifyRecord", "getWatermarkDownloadResult",
  "getWorkflowInfo", "getWorkflowResourceInfo", "getZoneInfo", "imageToPrompt", "listDemos",
  "listExplore", "listTasks", "listWorkflowCategories", "listWorkflowCt", "listWorkflowResources",
  "listZones", "logout", "polishPrompt", "receiveCoupon", "reportExplore", "request", "retryTask",
  "runWorkflowDirect", "saveTaskData",
  // free-form request bodies (`Record<string, unknown>`)
  "checkTaskData",
];

/** Lenient readers: any JSON value is accepted, values of the wrong type read as defaults. */
const lenientReaders = [
  "cachedUserInfo", "creditHistoryPage", "hasFeature", "isLoggedIn", "normalizeCreditRecord", "parseTokenResponse",
  "parseUserInfo", "planExpiryLine", "prelaunchOutcome", "storedValueValid",
];

/** Arbitrary JSON data the caller owns: stored values, decoded payloads, JWT claims. */
const arbitraryData = ["decodeNuxtPayload", "decodePayload", "decodePlainPayload", "jwtPayload", "makeStoredRecord"];

export const unknownAllowed = new Set([...untypedAnswers, ...lenientReaders, ...arbitraryData]);
