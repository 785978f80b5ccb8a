/**
 * The login/register dialog (spec 02 §2, §4): the account provider's page in a sandboxed iframe
 * of about 400×604; a loader until the page's `pageview`. Frame messages are read by
 * `useFrameMessages` (mounted once with this dialog), from the provider's origin only.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAtomValue } from "../../state/jotai";
import { AccountDialog } from "../account/AccountDialog";
import { accountPageUrl } from "../session/config";
import { track } from "../session/track";
import { runCookieCheck } from "./cookieCheck";
import { closeLoginDialog, loginDialogAtom } from "./loginState";
import { useFrameMessages } from "./useFrameMessages";

/** Spec 02 §2: the modal is about 400 px wide and 604 px tall. */
const FRAME_SIZE = { width: 400, height: 604 } as const;

export function LoginDialog() {
  const { t } = useTranslation("account");
  const state = useAtomValue(loginDialogAtom);
  const [loaded, setLoaded] = useState(false);
  // The iframe's address is fixed when the dialog opens; later mode switches come from the page
  // itself (it navigated already), so they only change the dialog's title.
  const [src, setSrc] = useState(() => accountPageUrl(state.mode));

  useEffect(() => runCookieCheck(), []);
  useEffect(() => {
    if (state.open) {
      setLoaded(false);
      setSrc(accountPageUrl(state.mode));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening
  }, [state.open]);

  useFrameMessages({ onPageView: () => setLoaded(true) });

  return (
    <AccountDialog
      open={state.open}
      onClose={() => {
        track("login_cancel", { via: "dialog" });
        closeLoginDialog();
      }}
      title={state.mode === "register" ? t("registerTitle") : t("loginTitle")}
      hideTitle
      className="acc-login"
      testId="login-dialog"
    >
      {!loaded && (
        <div className="acc-loader" role="status">
          {t("loading")}
        </div>
      )}
      {state.open && (
        <iframe
          className="acc-login__frame"
          title={state.mode === "register" ? t("registerTitle") : t("loginTitle")}
          src={src}
          width={FRAME_SIZE.width}
          height={FRAME_SIZE.height}
          sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
        />
      )}
    </AccountDialog>
  );
}
