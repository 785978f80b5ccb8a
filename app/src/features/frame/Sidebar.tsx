/**
 * The left menu in core's order, groups and dividers
 * (docs/behaviour/languages-and-routes.md#page-frame, core's `menu()`). Selecting an entry navigates,
 * marks it active (core's `isMenuEntryActive`) and resets the generate-clicked flag.
 */
import { isMenuEntryActive, menu, routePath, type LanguageCode, type MenuEntry, type MenuItem, type RouteName } from "@aivg/core/rules";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { tCore } from "../../i18n/core-keys";
import { languageAtom } from "../language/state";
import { useAtomValue, useSetAtom } from "../../state/jotai";
import { generateClickedAtom } from "./menu-state";
import { useRouteMatch } from "./routeName";

const items: MenuItem[] = menu();

/**
 * One entry. The menu reads the language and the current route once and hands them down: each
 * entry reading them itself made ~20 matches of the path through core on every render.
 */
function Entry({
  entry,
  language,
  currentRoute,
  onSelect,
}: {
  entry: MenuEntry;
  language: LanguageCode;
  currentRoute: RouteName;
  onSelect: (() => void) | undefined;
}) {
  const resetGenerateClicked = useSetAtom(generateClickedAtom);
  const active = isMenuEntryActive(entry.route, currentRoute);
  return (
    <li>
      <Link
        to={routePath(entry.route, {}, language)}
        className={active ? "menu-entry menu-entry--active" : "menu-entry"}
        aria-current={active ? "page" : undefined}
        data-route={entry.route}
        onClick={() => {
          resetGenerateClicked(false);
          onSelect?.();
        }}
      >
        {tCore(entry.labelKey, entry.label)}
      </Link>
    </li>
  );
}

/** The menu list; `onSelect` lets the drawer close after a choice. */
export function Sidebar({ onSelect }: { onSelect?: () => void }) {
  useTranslation(); // re-render on language change (tCore reads the i18n instance)
  const language = useAtomValue(languageAtom);
  const currentRoute = useRouteMatch().name;
  const entryProps = { language, currentRoute, onSelect };
  return (
    <nav className="menu">
      <ul className="menu-list">
        {items.map((item, index) => {
          switch (item.kind) {
            case "divider":
              // A line between groups, drawn only: a list may hold list items alone (axe "list").
              return <li key={`divider-${index}`} className="menu-divider" aria-hidden="true" />;
            case "group":
              return (
                <li key={item.titleKey} className="menu-group">
                  <div className="menu-group-title" id={`menu-group-${index}`}>
                    {tCore(item.titleKey, item.title)}
                  </div>
                  <ul className="menu-list" aria-labelledby={`menu-group-${index}`}>
                    {item.entries.map((entry) => (
                      <Entry key={entry.route} entry={entry} {...entryProps} />
                    ))}
                  </ul>
                </li>
              );
            case "entry":
              return <Entry key={item.route} entry={item} {...entryProps} />;
          }
        })}
      </ul>
    </nav>
  );
}
