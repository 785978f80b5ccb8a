import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatbotWidget } from "./ChatbotWidget";
import { resetChatbotForTests } from "./loader";

afterEach(() => {
  document.querySelectorAll("script[data-chatbot]").forEach((s) => s.remove());
  document.getElementById("aivg-chatbot")?.remove();
  resetChatbotForTests();
  vi.useRealTimers();
});

describe("chatbot widget", () => {
  it("loads nothing without a configured script URL", async () => {
    render(<ChatbotWidget url="" />);
    await new Promise((done) => setTimeout(done, 5));
    expect(document.querySelector("script[data-chatbot]")).toBeNull();
  });

  it("adds the script once, lazily, and hides the widget when leaving home", async () => {
    const first = render(<ChatbotWidget url="https://chat.example/widget.js" />);
    expect(document.querySelector("script[data-chatbot]")).toBeNull(); // not during render
    await vi.waitFor(() => expect(document.querySelector("script[data-chatbot]")).not.toBeNull());
    expect(document.documentElement.dataset.chatbot).toBe("shown");
    act(() => first.unmount()); // effect clean-ups run after the commit, as in a browser
    expect(document.documentElement.dataset.chatbot).toBe("hidden");
    expect(document.getElementById("aivg-chatbot")?.hidden).toBe(true);

    render(<ChatbotWidget url="https://chat.example/widget.js" />);
    await new Promise((done) => setTimeout(done, 5));
    expect(document.querySelectorAll("script[data-chatbot]")).toHaveLength(1);
    expect(document.getElementById("aivg-chatbot")?.hidden).toBe(false);
  });
});
