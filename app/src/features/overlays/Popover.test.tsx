import { uiConstants } from "@aivg/core/rules";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Popover, Tooltip } from "./Popover";

const ui = uiConstants();

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe("Popover (docs/behaviour/languages-and-routes.md#page-frame: show 50 ms, hide 200 ms, z-index 1000)", () => {
  it("opens after the show delay on hover and closes after the hide delay", async () => {
    render(
      <Popover content="Popover body">
        <button type="button">Trigger</button>
      </Popover>,
    );
    const trigger = screen.getByRole("button", { name: "Trigger" });
    fireEvent.pointerEnter(trigger, { pointerType: "mouse" });
    fireEvent.mouseMove(trigger);
    await advance(ui.popoverShowDelayMs - 1);
    expect(screen.queryByText("Popover body")).toBeNull();
    await advance(1);
    const body = screen.getByText("Popover body");
    expect(body.style.zIndex).toBe(String(ui.popoverZIndex));

    fireEvent.pointerLeave(trigger, { pointerType: "mouse" });
    fireEvent.mouseLeave(trigger);
    await advance(ui.popoverHideDelayMs - 1);
    expect(screen.queryByText("Popover body")).not.toBeNull();
    await advance(1);
    expect(screen.queryByText("Popover body")).toBeNull();
  });

  it("opens on click when asked and closes on Escape", async () => {
    render(
      <Popover content="Menu" trigger="click">
        <button type="button">Open</button>
      </Popover>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    await advance(0);
    expect(screen.getByText("Menu")).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: "Escape" });
    await advance(0);
    expect(screen.queryByText("Menu")).toBeNull();
  });

  it("gives a content function its close: an entry that opens a dialog closes the popover first", async () => {
    render(
      <Popover
        trigger="click"
        content={(close) => (
          <button type="button" onClick={close}>
            Credit history
          </button>
        )}
      >
        <button type="button">Account</button>
      </Popover>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Account" }));
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: "Credit history" }));
    await advance(0);
    expect(screen.queryByRole("button", { name: "Credit history" })).toBeNull();
  });
});

describe("Tooltip", () => {
  it("shows on keyboard focus above everything (z-index 99999) and names the trigger", async () => {
    render(
      <Tooltip content="Helpful">
        <button type="button">Info</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole("button", { name: "Info" });
    act(() => trigger.focus());
    await advance(0);
    const tip = screen.getByRole("tooltip");
    expect(tip).toHaveTextContent("Helpful");
    expect(tip.style.zIndex).toBe(String(ui.tooltipZIndex));
    expect(trigger.getAttribute("aria-describedby")).toBe(tip.id);
  });
});
