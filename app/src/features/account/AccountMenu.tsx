/**
 * The avatar's account popover (bottom-end, click; spec 02 §2). Loaded by HeaderAccount only for a
 * signed-in visitor, so Floating UI and the account panel stay out of a public page's first load
 * (README "Speed").
 */
import type { ReactElement } from "react";
import { Popover } from "../overlays/Popover";
import { AccountPanel } from "./AccountPanel";

export default function AccountMenu({ children }: { children: ReactElement<Record<string, unknown>> }) {
  return (
    <Popover placement="bottom-end" trigger="click" content={<AccountPanel />}>
      {children}
    </Popover>
  );
}
