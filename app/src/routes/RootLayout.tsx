/**
 * The layout every route renders in: metadata, scroll handling, the on-route-change hooks and the
 * page frame around the matched page.
 */
import { Outlet } from "react-router";
import { Frame } from "../features/frame/Frame";
import { PageMeta } from "../features/meta/PageMeta";
import { RouteChangeRunner } from "./RouteChangeRunner";
import { ScrollManager } from "./ScrollManager";

export function RootLayout() {
  return (
    <>
      <PageMeta />
      <ScrollManager />
      <RouteChangeRunner />
      <Frame>
        <Outlet />
      </Frame>
    </>
  );
}
