import { timings } from "@aivg/core/rules";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import overlaysEn from "../../locales/en/overlays.json";
import { addMessages, i18n, initI18n } from "../../i18n/setup";
import { appStore, Provider } from "../../state/jotai";
import { ToastHost } from "./ToastHost";
import { showToast, toastsAtom } from "./toasts";

const { toastDurationMs, toastFadeMs, toastTopPx, toastSpacingPx } = timings();

function renderHost() {
  return render(
    <Provider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <ToastHost />
      </I18nextProvider>
    </Provider>,
  );
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeAll(async () => {
  await initI18n();
  addMessages("en", { overlays: overlaysEn });
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => appStore.set(toastsAtom, []));
  vi.useRealTimers();
});

describe("ToastHost", () => {
  it("stacks toasts, fades them after 3000 ms and removes them after the fade", async () => {
    renderHost();
    act(() => {
      showToast("success", "Saved");
      showToast("warning", "Careful");
    });
    const saved = screen.getByTestId("toast-success");
    const careful = screen.getByTestId("toast-warn");
    expect(saved.style.top).toBe(`${toastTopPx}px`);
    expect(careful.style.top).toBe(`${toastTopPx + toastSpacingPx}px`);
    expect(screen.getByRole("status")).toHaveTextContent("Saved");

    await advance(toastDurationMs + 1);
    expect(screen.getByTestId("toast-success").className).toContain("aivg-toast--fading");
    await advance(toastFadeMs);
    expect(screen.queryByText("Saved")).toBeNull();
    expect(screen.queryByText("Careful")).toBeNull();
  });

  it("closes a toast with its button and moves the next one up", () => {
    renderHost();
    act(() => {
      showToast("info", "First", 0);
      showToast("error", "Second", 0);
    });
    fireEvent.click(screen.getAllByRole("button", { name: "Close" })[0] as HTMLElement);
    expect(screen.queryByText("First")).toBeNull();
    expect(screen.getByTestId("toast-error").style.top).toBe(`${toastTopPx}px`);
  });
});
