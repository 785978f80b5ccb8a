/**
 * The console's CMS page editor (docs/operations.md#editing-content): a page path (`/home`) and a
 * language pick one entry of the `cms` document (`/home`, `/de/home`, …: core's language prefix);
 * its title, description and keywords, and the HTML of its head, content and bottom. The languages
 * a page has no entry in are listed (the site then shows none for that language). Saved as the
 * whole document, checked by the server as the seed is.
 */
import { useCallback, useEffect, useState } from "react";
import { switcherLanguages } from "@aivg/core/rules";
import { getDocument, saveDocument } from "./contentApi";
import type { AdminT } from "./adminTexts";

interface CmsPage {
  tdk: { title: string; description: string; keywords: string };
  head: string;
  content: string;
  bottom: string;
}
interface CmsDocument {
  pages: Record<string, CmsPage>;
  redirects: Record<string, unknown>;
}

const languages = switcherLanguages();
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const prefix = (code: string) => (code === "en" ? "" : `/${code}`);
/** The entry of page `path` in language `code` (`/home` → `/de/home`; `/` → `/de`). */
const keyOf = (code: string, path: string) => (path === "/" ? prefix(code) || "/" : `${prefix(code)}${path}`);
const EMPTY: CmsPage = { tdk: { title: "", description: "", keywords: "" }, head: "", content: "", bottom: "" };

/** The page path of an entry without its language prefix. */
function basePath(key: string): string {
  for (const l of languages) {
    const p = prefix(l.code);
    if (p && (key === p || key.startsWith(`${p}/`))) return key.slice(p.length) || "/";
  }
  return key;
}

export function CmsSection({ t }: { t: AdminT }) {
  const [doc, setDoc] = useState<CmsDocument | null>(null);
  const [version, setVersion] = useState(0);
  const [path, setPath] = useState("/home");
  const [lang, setLang] = useState("en");
  const [newPath, setNewPath] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const load = useCallback(() => {
    getDocument("cms")
      .then((d) => {
        setDoc(d.document as CmsDocument);
        setVersion(d.version);
      })
      .catch((e: unknown) => setError(message(e)));
  }, []);
  useEffect(load, [load]);
  if (!doc) return error ? <p role="alert">{t("failed", { error })}</p> : <p>{t("loading")}</p>;
  const paths = [...new Set([...Object.keys(doc.pages).map(basePath), path])].sort();
  const key = keyOf(lang, path);
  const page = doc.pages[key] ?? EMPTY;
  const missing = languages.filter((l) => !doc.pages[keyOf(l.code, path)]).map((l) => l.code);
  const edit = (next: CmsPage) => setDoc({ ...doc, pages: { ...doc.pages, [key]: next } });
  const tdk = (field: keyof CmsPage["tdk"], value: string) => edit({ ...page, tdk: { ...page.tdk, [field]: value } });
  return (
    <form
      className="admin-form admin-content-editor"
      data-testid="content-cms"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        saveDocument("cms", version, doc)
          .then((r) => {
            setVersion(r.version);
            setNote(t("content.cms.saved", { page: key }));
          })
          .catch((err: unknown) => setError(message(err)));
      }}
    >
      <div className="admin-field">
        <label htmlFor="cms-page">{t("content.cms.page")}</label>
        <select id="cms-page" value={path} onChange={(e) => setPath(e.target.value)}>
          {paths.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor="cms-new-page">{t("content.cms.newPage")}</label>
        <input id="cms-new-page" value={newPath} onChange={(e) => setNewPath(e.target.value)} />
        <button
          type="button"
          className="button button--secondary"
          disabled={!newPath.startsWith("/")}
          onClick={() => {
            setPath(newPath.trim());
            setNewPath("");
          }}
        >
          {t("content.cms.add")}
        </button>
      </div>
      <div className="admin-field">
        <label htmlFor="cms-language">{t("content.cms.language")}</label>
        <select id="cms-language" value={lang} onChange={(e) => setLang(e.target.value)}>
          {languages.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
      <p className="admin-small" data-testid="cms-missing">
        {missing.length > 0 ? t("content.cms.missing", { langs: missing.join(", ") }) : t("content.cms.complete")}
      </p>
      {(["title", "description", "keywords"] as const).map((field) => (
        <div key={field} className="admin-field">
          <label htmlFor={`cms-${field}`}>{t(`content.cms.${field}`)}</label>
          <input id={`cms-${field}`} data-testid={`cms-${field}`} value={page.tdk[field]} onChange={(e) => tdk(field, e.target.value)} />
        </div>
      ))}
      {(["head", "content", "bottom"] as const).map((field) => (
        <div key={field} className="admin-field">
          <label htmlFor={`cms-${field}`}>{t(`content.cms.${field}`)}</label>
          <textarea
            id={`cms-${field}`}
            className="admin-json-editor"
            rows={6}
            value={page[field]}
            onChange={(e) => edit({ ...page, [field]: e.target.value })}
          />
        </div>
      ))}
      {note ? <p role="status">{note}</p> : null}
      {error ? <p role="alert">{error}</p> : null}
      <div className="admin-actions">
        <button type="submit" className="button button--primary" data-testid="cms-save">
          {t("content.save")}
        </button>
      </div>
    </form>
  );
}
