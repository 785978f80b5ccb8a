import "@testing-library/jest-dom/vitest";
import { act, cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// The tests drive the app as a script does: an automated browser, which gets no unsolicited
// popups (src/features/session/automation.ts), so a guest's check-in offer or a daily ad never
// covers the screen under test. A test of those popups turns them on with the QA switch.
Object.defineProperty(navigator, "webdriver", { configurable: true, get: () => true });

// findBy…/waitFor give up after 5 s instead of Testing Library's 1 s: `npm test` runs these tests
// beside the browser tests on two cores, where a lazily loaded dialog took over a second to show.
// A wait that never succeeds still fails; a passing one returns as soon as it holds.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  // Inside act: Preact runs an unmounted tree's effect clean-ups after the commit (a timer), which
  // could fire once the test's window is gone (Floating UI's clean-up then threw in CI); act runs
  // them before it returns.
  act(() => cleanup());
});
