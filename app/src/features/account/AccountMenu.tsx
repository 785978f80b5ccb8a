/**
 * The avatar's account popover (bottom-end, click;
 * docs/behaviour/languages-and-routes.md#page-frame). Loaded by HeaderAccount only for a signed-in
 * visitor, so Floating UI and the account panel stay out of a public page's first load
 * (docs/performance.md). A click on the avatar while this code is still loading opens it once
 * loaded. An entry that opens a dialog (credit history, buying, feedback, log-in) closes the menu
 * first, so the dialog is the only thing over the page.
 */
import type { ReactElement } from "react";
import { Popover } from "../overlays/Popover";
import { AccountPanel } from "./AccountPanel";

export default function AccountMenu({ children, defaultOpen = false }: { children: ReactElement<Record<string, unknown>>; defaultOpen?: boolean }) {
  return (
    <Popover placement="bottom-end" trigger="click" content={(close) => <AccountPanel onLeave={close} />} defaultOpen={defaultOpen}>
      {children}
    </Popover>
  );
}
