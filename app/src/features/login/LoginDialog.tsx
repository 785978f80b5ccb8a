/**
 * The login/register dialog (docs/behaviour/accounts-and-sessions.md#log-in): the account
 * provider's page in a sandboxed iframe of about 400×604, in the visitor's language and theme
 * (#account-pages); a loader until the page's `pageview`.
 * Frame messages are read by `useFrameMessages` (mounted once with this dialog), from the
 * provider's origin only.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { AccountDialog } from "../account/AccountDialog";
import { languageAtom } from "../language/state";
import { accountPageUrl, type AccountPageLook } from "../session/config";
import { themeAtom } from "../theme/theme";
import { track } from "../session/track";
import { runCookieCheck } from "./cookieCheck";
import { closeLoginDialog, loginDialogAtom, loginFrameLoadedAtom, type LoginMode } from "./loginState";
import { useFrameMessages } from "./useFrameMessages";
import { sessionConstants } from "@aivg/core/rules";

/** docs/behaviour/accounts-and-sessions.md#log-in: the modal is about 400 px wide and 604 px tall (core's number). */
const FRAME_SIZE = sessionConstants().loginIframeSize;

/**
 * The iframe; its address (mode, the visitor's language and theme) is fixed at mount (later mode
 * switches come from the page itself, which keeps the language and theme).
 */
function LoginFrame({ mode, title, look }: { mode: LoginMode; title: string; look: AccountPageLook }) {
  const [src] = useState(() => accountPageUrl(mode, look));
  return (
    <iframe
      className="acc-login__frame"
      title={title}
      src={src}
      width={FRAME_SIZE.width}
      height={FRAME_SIZE.height}
      sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
    />
  );
}

export function LoginDialog() {
  const { t } = useTranslation("account");
  const state = useAtomValue(loginDialogAtom);
  const loaded = useAtomValue(loginFrameLoadedAtom);
  const lang = useAtomValue(languageAtom);
  const theme = useAtomValue(themeAtom);
  useEffect(() => runCookieCheck(), []);
  useFrameMessages();
  const title = state.mode === "register" ? t("registerTitle") : t("loginTitle");
  return (
    <AccountDialog
      open={state.open}
      onClose={() => {
        track("login_cancel", { via: "dialog" });
        closeLoginDialog();
      }}
      title={title}
      hideTitle
      className="acc-login"
      testId="login-dialog"
    >
      {!loaded && (
        <div className="acc-loader" role="status">
          {t("loading")}
        </div>
      )}
      {state.open && <LoginFrame mode={state.mode} title={title} look={{ lang, theme }} />}
    </AccountDialog>
  );
}
