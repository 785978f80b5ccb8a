import { act, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import modalEn from "../../locales/en/modal.json";
import overlaysEn from "../../locales/en/overlays.json";
import { addMessages, i18n, initI18n } from "../../i18n/setup";
import { appStore, Provider } from "../../state/jotai";
import { closeAllModals, modalsAtom, openModal, setDismissGuard } from "./modalAtoms";
import { ModalHost } from "./ModalHost";

function renderHost() {
  return render(
    <Provider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <ModalHost />
      </I18nextProvider>
    </Provider>,
  );
}

beforeAll(async () => {
  await initI18n();
  addMessages("en", { overlays: overlaysEn, modal: modalEn });
});
afterEach(() => act(() => closeAllModals()));

describe("ModalHost", () => {
  it("locks page scroll while any modal is open and unlocks after the last closes", () => {
    renderHost();
    expect(document.documentElement.style.overflow).toBe("");
    let first = "";
    act(() => {
      first = openModal("driveSpace", {});
      openModal("restart", { onConfirm: () => {} });
    });
    expect(document.documentElement.style.overflow).toBe("hidden");
    act(() => {
      appStore.set(modalsAtom, (l) => l.filter((m) => m.id !== first));
    });
    expect(document.documentElement.style.overflow).toBe("hidden");
    act(() => closeAllModals());
    expect(document.documentElement.style.overflow).toBe("");
  });

  // The modals themselves load when the first one opens (ModalLayers.tsx): found, not got.
  it("shows the spec's texts and runs the confirm callback once, closing the modal", async () => {
    renderHost();
    const onConfirm = vi.fn();
    act(() => void openModal("restart", { onConfirm }));
    expect(await screen.findByText("If you restart the generation task, your current progress will not be saved. Continue?")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(appStore.get(modalsAtom)).toEqual([]);
  });

  it("fills the consumption message with the credit count", async () => {
    renderHost();
    act(() => void openModal("consumption", { credits: 12, onContinue: () => {} }));
    expect(await screen.findByText("Use 12 credits to unlock the full audio")).toBeInTheDocument();
    act(() => closeAllModals());
    act(() => void openModal("consumption", { credits: 4, purpose: "video", onContinue: () => {} }));
    expect(await screen.findByText("Use 4 credits to create this video")).toBeInTheDocument();
  });

  it("answers Cancel when a confirmation is dismissed with Escape", async () => {
    renderHost();
    const onContinue = vi.fn();
    const onCancel = vi.fn();
    act(() => void openModal("consumption", { credits: 2, purpose: "image", onContinue, onCancel }));
    await screen.findByRole("dialog");
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(appStore.get(modalsAtom)).toEqual([]);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onContinue).not.toHaveBeenCalled();
  });

  it("closes only the image preview on a backdrop click", async () => {
    renderHost();
    // Radix starts listening for outside clicks one task after opening, and may wait for the click
    // that follows the pointer going down before it dismisses: a backdrop click is both.
    const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const clickBackdrop = async () => {
      // jsdom has no PointerEvent (a MouseEvent carries the same fields here), and Testing Library's
      // Preact flavour would fire it under the type "PointerDown".
      fireEvent(document.body, new MouseEvent("pointerdown", { bubbles: true, button: 0 }));
      fireEvent.click(document.body);
      await settle();
    };
    act(() => void openModal("goBack", { onConfirm: () => {} }));
    await screen.findByRole("dialog");
    await settle();
    await clickBackdrop();
    expect(appStore.get(modalsAtom).map((m) => m.type)).toEqual(["goBack"]);
    act(() => closeAllModals());
    act(() => void openModal("imagePreview", { images: [{ src: "data:image/gif;base64,R0lGODlhAQABAAAAACw=" }], index: 0 }));
    await screen.findByRole("dialog");
    await settle();
    await clickBackdrop();
    expect(appStore.get(modalsAtom)).toEqual([]);
  });

  it("keeps Escape from closing the progress modal but not a confirmation", async () => {
    renderHost();
    act(() => void openModal("progress", { title: "Working" }));
    await screen.findByRole("dialog");
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(appStore.get(modalsAtom)).toHaveLength(1);
    act(() => closeAllModals());
    act(() => void openModal("confirm", { message: "Sure?", onConfirm: () => {} }));
    await screen.findByRole("dialog");
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(appStore.get(modalsAtom)).toEqual([]);
  });

  it("asks a record's dismiss guard before Escape closes it", async () => {
    renderHost();
    const onCancel = vi.fn();
    let id = "";
    act(() => void (id = openModal("confirm", { message: "Sure?", onConfirm: () => {}, onCancel })));
    await screen.findByRole("dialog");
    const guard = vi.fn(() => false);
    setDismissGuard(id, guard);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(guard).toHaveBeenCalledTimes(1);
    expect(appStore.get(modalsAtom)).toHaveLength(1);
    expect(onCancel).not.toHaveBeenCalled();
    setDismissGuard(id, null);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(appStore.get(modalsAtom)).toEqual([]);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("stacks dialogs from core's dialog z-index", async () => {
    renderHost();
    act(() => {
      openModal("driveSpace", {});
      openModal("confirm", { message: "Sure?", onConfirm: () => {} }, { modalLevel: 1 });
    });
    const z = (await screen.findAllByRole("dialog", { hidden: true })).map((d) => Number(d.style.zIndex));
    expect(z).toEqual([2001, 2003]);
  });
});
