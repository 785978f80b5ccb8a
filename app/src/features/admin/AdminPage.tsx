/**
 * The operator console at /admin (docs/operations.md#the-operator-console): Overview, Users
 * (search, an account's balance, ledger and tasks, credits granted or taken with a reason),
 * Tasks (every user's, filtered; retry, cancel, refund), Engines (each server's state and
 * rotation), Payments (trades, Stripe events, refunds through Stripe; Overview draws daily charts),
 * Content (the site content: templates and the rarer kinds, ContentTab.tsx) and the audit trail.
 * Its module, texts (adminTexts.ts) and styles load only when the page opens.
 * A guest is asked to log in and a signed-in non-admin told the page is for administrators,
 * without a failing call for the guest.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SignInButton, useSignedIn } from "../create/SignInButton";
import { getMe } from "./adminApi";
import { AuditTab } from "./AuditTab";
import { ContentTab } from "./ContentTab";
import { EnginesTab } from "./EnginesTab";
import { adminT, loadAdminTexts, type AdminT } from "./adminTexts";
import { OverviewTab } from "./OverviewTab";
import { PaymentsTab } from "./PaymentsTab";
import { TasksTab } from "./TasksTab";
import { UsersTab } from "./UsersTab";
import "./admin.css";

const TABS = ["overview", "users", "tasks", "engines", "payments", "content", "audit"] as const;
type Tab = (typeof TABS)[number];
type Access = { state: "loading" } | { state: "admin"; email: string } | { state: "refused" } | { state: "failed"; error: string };

function useAdminTexts(): AdminT | null {
  const { i18n } = useTranslation();
  const [t, setT] = useState<AdminT | null>(null);
  useEffect(() => {
    let live = true;
    void loadAdminTexts(i18n.language).then((code) => {
      if (live) setT(() => adminT(code));
    });
    return () => {
      live = false;
    };
  }, [i18n.language]);
  return t;
}

export default function AdminPage() {
  const t = useAdminTexts();
  const signedIn = useSignedIn();
  const [access, setAccess] = useState<Access>({ state: "loading" });
  const [tab, setTab] = useState<Tab>("overview");

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    getMe()
      .then((me) => live && setAccess({ state: "admin", email: me.email }))
      .catch((e: unknown) => {
        if (!live) return;
        const status = (e as { httpStatus?: number }).httpStatus;
        setAccess(status === 403 ? { state: "refused" } : { state: "failed", error: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      live = false;
    };
  }, [signedIn]);

  if (!t) return <div className="admin-page" aria-busy="true" />;
  return (
    <div className="admin-page" data-testid="admin-page">
      <h1 className="admin-title">{t("title")}</h1>
      {!signedIn ? (
        <div className="admin-gate">
          <p>{t("signIn")}</p>
          <SignInButton />
        </div>
      ) : access.state === "loading" ? (
        <p>{t("loading")}</p>
      ) : access.state === "refused" ? (
        <p role="alert" data-testid="admin-refused">
          {t("notAdmin")}
        </p>
      ) : access.state === "failed" ? (
        <p role="alert">{t("failed", { error: access.error })}</p>
      ) : (
        <>
          <div className="admin-tabs" role="tablist">
            {TABS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`admin-tab-${name}`}
                aria-selected={tab === name}
                aria-controls="admin-panel"
                className={`admin-tab${tab === name ? " admin-tab--active" : ""}`}
                onClick={() => setTab(name)}
              >
                {t(`tabs.${name}`)}
              </button>
            ))}
          </div>
          <section id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${tab}`} className="admin-panel">
            <TabPanel tab={tab} t={t} />
          </section>
        </>
      )}
    </div>
  );
}

function TabPanel({ tab, t }: { tab: Tab; t: AdminT }) {
  switch (tab) {
    case "overview":
      return <OverviewTab t={t} />;
    case "users":
      return <UsersTab t={t} />;
    case "tasks":
      return <TasksTab t={t} />;
    case "engines":
      return <EnginesTab t={t} />;
    case "payments":
      return <PaymentsTab t={t} />;
    case "content":
      return <ContentTab t={t} />;
    case "audit":
      return <AuditTab t={t} />;
  }
}
