/**
 * The API keys dialog (docs/api.md): the signed-in user's keys for programs. Its body
 * (ApiKeysBody.tsx: the list, the form, the key shown once) loads when it first opens.
 */
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useAtom } from "../../state/jotai";
import { AccountDialog } from "./AccountDialog";
import { apiKeysOpenAtom } from "./apiKeysState";

const KeysBody = lazy(() => import("./ApiKeysBody"));

export function ApiKeysDialog() {
  const { t } = useTranslation("account");
  const [open, setOpen] = useAtom(apiKeysOpenAtom);
  return (
    <AccountDialog open={open} onClose={() => setOpen(false)} title={t("apiKeys.title")} className="acc-keys" testId="api-keys">
      {open && (
        <Suspense fallback={null}>
          <KeysBody />
        </Suspense>
      )}
    </AccountDialog>
  );
}
