/**
 * Whether a dialog has been open at least once. Closed Radix dialogs render their portal only
 * from their first opening on: a mounted Radix `Presence` that is not present sends its state
 * machine an event from a layout effect, and a state update in a layout effect makes React run
 * every pending effect of the page and render again before the browser may paint. The header's
 * closed dialogs (sign-in, promotion, credit history, language) did that on every first load,
 * ~70 ms of a throttled phone's main thread before the first screen showed (docs/performance.md).
 * Once opened, the portal stays, so closing keeps its exit animation.
 */
import { useState } from "react";

export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Setting this component's own state while rendering: React renders again at once, no effect.
  if (open && !opened) setOpened(true);
  return opened || open;
}
