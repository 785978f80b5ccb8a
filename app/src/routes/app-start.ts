/**
 * The app-start hook point: a feature that must run once when the app starts (polling for builds,
 * reading a campaign query, …) adds `src/features/<feature>/on-app-start.ts` exporting
 * `onAppStart(context)`. Called once after the router exists, before the first render.
 */
import type { DataRouter } from "react-router";

export interface AppStartContext {
  router: DataRouter;
}

interface StartModule {
  onAppStart?: (context: AppStartContext) => void;
}

const modules = import.meta.glob<StartModule>("../features/*/on-app-start.ts", { eager: true });

export function runAppStartHooks(context: AppStartContext): void {
  for (const path of Object.keys(modules).sort()) {
    try {
      modules[path]?.onAppStart?.(context);
    } catch (err) {
      console.error(`${path}: onAppStart failed`, err);
    }
  }
}
