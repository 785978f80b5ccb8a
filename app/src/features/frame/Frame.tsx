/**
 * The page frame (docs/behaviour/languages-and-routes.md#page-frame): fixed header, left sidebar on
 * desktop, a slide-in drawer on phones, the content area and the overlay slot. Template* routes
 * (core's `hidesFrame`) show the content alone.
 */
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Drawer } from "./Drawer";
import { Header } from "./Header";
import { OverlaySlot } from "./OverlaySlot";
import { useRouteMatch } from "./routeName";
import { Sidebar } from "./Sidebar";
import { useIsPhone } from "./viewport";
import "./frame.css";

export function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const match = useRouteMatch();
  const phone = useIsPhone();
  const [drawerOpen, setDrawerOpen] = useState(false);

  if (match.hidesFrame) {
    return (
      <>
        <main className="frameless-content">{children}</main>
        <OverlaySlot />
      </>
    );
  }

  return (
    <div className={phone ? "frame frame--phone" : "frame"}>
      <a className="skip-link" href="#content">
        {t("skipToContent")}
      </a>
      <Header phone={phone} onOpenMenu={() => setDrawerOpen(true)} />
      {phone ? (
        <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} />
      ) : (
        <aside className="sidebar" aria-label={t("mainNavigation")}>
          <Sidebar />
        </aside>
      )}
      <main id="content" className="content">
        {children}
      </main>
      <OverlaySlot />
    </div>
  );
}
