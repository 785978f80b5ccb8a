// Build-time settings of the features in this folder and its siblings (merged into Vite's ImportMetaEnv).
interface ImportMetaEnv {
  /** Build poll period in ms; unset = one hour (src/features/updates/buildUpdates.ts). */
  readonly VITE_BUILD_POLL_MS?: string;
  /** Origin of the asset host serving template.min.css; unset = this site (src/features/cms). */
  readonly VITE_ASSET_HOST?: string;
  /** Address of the embedded feedback page; unset = no feedback action (src/features/overlays/modals/feedbackPage.ts). */
  readonly VITE_FEEDBACK_URL?: string;
}
