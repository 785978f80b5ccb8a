/**
 * Analytics of the account features go through the app's one analytics queue
 * (features/analytics: bounded queue, batched sending). Re-exported here so the account features
 * share one import point.
 */
export { track, trackPurchaseClick, trackPurchaseExpose, trackPurchaseLoad } from "../analytics";
