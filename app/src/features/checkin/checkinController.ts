/**
 * The check-in panel's behaviour (docs/behaviour/credits-and-checkin.md#daily-check-in "Check-in",
 * #daily-check-in): core's state machine (`checkinPanelInitial`, `checkinPanelStep`) decides every
 * state and effect; this class performs the effects (calls, login, refresh, toasts) with injected
 * functions so tests can drive it.
 */
import { checkinPanelInitial, checkinPanelStep } from "@aivg/core/later";
import type { CheckinEffect, CheckinPanelEvent, CheckinPanelState } from "@aivg/core/rules";

export interface CheckinDeps {
  fetchStatus: () => Promise<unknown>;
  claim: () => Promise<unknown>;
  openLogin: () => void;
  refreshUser: () => void;
  track: (name: string) => void;
  toast: (kind: "info" | "warn" | "success" | "error", text: string) => void;
  isLoggedIn: () => boolean;
  isPhone: () => boolean;
}

export class CheckinController {
  private state: CheckinPanelState = checkinPanelInitial();

  constructor(
    private readonly deps: CheckinDeps,
    private readonly onChange: (state: CheckinPanelState) => void,
  ) {}

  current(): CheckinPanelState {
    return this.state;
  }

  /** Fetches the status (the panel's load). */
  load(): Promise<void> {
    return this.send({ type: "reloading" });
  }

  /** The claim button; ignored by core while disabled or loading. */
  claim(): Promise<void> {
    return this.send({ type: "claim", loggedIn: this.deps.isLoggedIn() });
  }

  private async send(event: CheckinPanelEvent): Promise<void> {
    const { state, effects } = checkinPanelStep(this.state, event);
    this.state = state;
    this.onChange(state);
    const tasks: Promise<void>[] = [];
    if (event.type === "reloading") tasks.push(this.fetch());
    for (const effect of effects) tasks.push(this.perform(effect));
    await Promise.all(tasks);
  }

  private async fetch(): Promise<void> {
    try {
      const data = await this.deps.fetchStatus();
      await this.send({ type: "loaded", data: (data ?? {}) as never });
    } catch (error) {
      console.warn("check-in status failed", error);
      await this.send({ type: "loadFailed" });
    }
  }

  private async perform(effect: CheckinEffect): Promise<void> {
    switch (effect.type) {
      case "openLogin":
        this.deps.openLogin();
        return;
      case "sendClaim":
        try {
          const response = await this.deps.claim();
          await this.send({ type: "claimAnswered", response: (response ?? {}) as never, mobile: this.deps.isPhone() });
        } catch (error) {
          console.warn("check-in claim failed", error);
          await this.send({ type: "claimFailed", mobile: this.deps.isPhone() });
        }
        return;
      case "refreshUser":
        this.deps.refreshUser();
        return;
      case "fetchStatus":
        await this.fetch();
        return;
      case "trackFailure":
        this.deps.track("checkin_fail");
        return;
      case "toast":
        this.deps.toast(effect.kind, effect.text);
        return;
    }
  }
}
