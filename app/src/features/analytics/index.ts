/** The analytics API other features use (see app/SCAFFOLD.md, "Analytics"). */
export { track } from "./track";
export {
  EVENT,
  trackActivityExpose,
  trackActivityStatus,
  trackButtonClick,
  trackError,
  trackHookClick,
  trackPageView,
  trackPurchaseClick,
  trackPurchaseExpose,
  trackPurchaseLoad,
  trackVideoGeneration,
} from "./events";
