/**
 * The console's Content page (docs/operations.md#editing-content): the site content stored in the
 * database, shown on the public site at once after a save.
 *
 * - Templates: the list in its public order (move up and down), published or not, the languages
 *   each name misses; a form editor per template with the name (and an audio template's
 *   description) in every switcher language (English is the entry's own field, a language left
 *   empty falls back to English and is listed as missing; the `zz` pseudo-locale shows keys),
 *   category, kind, ratio, tags, hot/new, the preview media uploads (picture, video, audio) and a
 *   preview of the card.
 * - CMS pages: a form per page path and language (CmsSection.tsx).
 * - Lists (explore items and zones, ads, prompt and music presets, promotions, experiments, SKUs):
 *   one descriptor-driven item editor (ItemsSection.tsx).
 * - Advanced: the JSON editor of a kind's whole document (CMS redirects, preset categories, …):
 *   the server checks it exactly as it checks the seed files and names the item and field it
 *   refuses.
 */
import { useCallback, useEffect, useState } from "react";
import { switcherLanguages } from "@aivg/core/rules";
import {
  CONTENT_KINDS,
  contentUrl,
  getDocument,
  getTemplates,
  orderTemplates,
  saveDocument,
  saveTemplate,
  setPublished,
  uploadMedia,
  type MediaSlot,
  type TemplateItem,
  type TemplatesView,
} from "./contentApi";
import type { AdminT } from "./adminTexts";
import { CmsSection } from "./CmsSection";
import { ItemsSection } from "./ItemsSection";

const codeLabel = (code: string) => `(${code})`;
const categoryLabel = (c: { id: number; title: string; media: string }) => `${c.id} · ${c.title} (${c.media})`;
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const languages = switcherLanguages();
const SLOTS: MediaSlot[] = ["picture", "video", "audio"];
const ACCEPT: Record<MediaSlot, string> = {
  picture: "image/png,image/jpeg,image/webp",
  video: "video/mp4,video/webm",
  audio: "audio/mpeg,audio/wav,audio/ogg",
};

/** One text field in every language: English is `field`, the others `field_i18n`. */
function TextField({ t, item, field, onChange }: { t: AdminT; item: TemplateItem; field: "name" | "description"; onChange: (next: TemplateItem) => void }) {
  const i18nKey = `${field}_i18n` as const;
  const translations = item[i18nKey] ?? {};
  return (
    <fieldset className="admin-fieldset">
      <legend>{t(`content.${field}`)}</legend>
      {languages.map((l) => {
        const english = l.code === "en";
        const value = english ? (item[field] ?? "") : (translations[l.code] ?? "");
        const missing = !english && value.trim() === "";
        const id = `content-${field}-${l.code}`;
        return (
          <div key={l.code} className="admin-field">
            <label htmlFor={id}>
              {l.name} <span className="admin-small">{codeLabel(l.code)}</span>
              {missing ? <span className="admin-badge admin-badge--warn">{t("content.missing")}</span> : null}
            </label>
            <input
              id={id}
              data-testid={`content-${field}-${l.code}`}
              value={value}
              onChange={(e) => {
                const text = e.target.value;
                if (english) onChange({ ...item, [field]: text });
                else {
                  const next = { ...translations };
                  if (text === "") delete next[l.code];
                  else next[l.code] = text;
                  onChange({ ...item, [i18nKey]: next });
                }
              }}
            />
          </div>
        );
      })}
    </fieldset>
  );
}

function MediaField({
  t,
  item,
  slot,
  busy,
  onUpload,
}: {
  t: AdminT;
  item: TemplateItem;
  slot: MediaSlot;
  busy: boolean;
  onUpload: (slot: MediaSlot, file: File) => void;
}) {
  const key = item.media?.[slot];
  const id = `content-media-${slot}`;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{t(`content.media.${slot}`)}</label>
      {key ? (
        slot === "picture" ? (
          <img src={contentUrl(key)} alt={t("content.media.current")} className="admin-media-preview" data-testid="content-picture-preview" />
        ) : slot === "video" ? (
          <video src={contentUrl(key)} controls muted className="admin-media-preview" aria-label={t("content.media.current")} />
        ) : (
          <audio src={contentUrl(key)} controls aria-label={t("content.media.current")} />
        )
      ) : (
        <span className="admin-small">{t("content.media.none")}</span>
      )}
      <input
        id={id}
        type="file"
        accept={ACCEPT[slot]}
        disabled={busy}
        data-testid={`content-upload-${slot}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onUpload(slot, file);
          e.target.value = "";
        }}
      />
    </div>
  );
}

function TemplateEditor({
  t,
  view,
  initial,
  onSaved,
}: {
  t: AdminT;
  view: TemplatesView;
  initial: TemplateItem;
  onSaved: (note: string) => Promise<TemplatesView | null>;
}) {
  const [item, setItem] = useState<TemplateItem>(initial);
  const [version, setVersion] = useState(view.version);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [previewLang, setPreviewLang] = useState("en");
  const category = view.categories.find((c) => c.id === item.category);
  const audio = category?.media === "audio";
  const run = (work: () => Promise<{ version: number; key?: string }>, note: string, after?: (r: { version: number; key?: string }) => void) => {
    setBusy(true);
    setError(null);
    work()
      .then(async (r) => {
        after?.(r);
        const fresh = await onSaved(note);
        if (fresh) setVersion(fresh.version);
      })
      .catch((e: unknown) => setError(message(e)))
      .finally(() => setBusy(false));
  };
  const previewName = previewLang === "en" ? item.name : (item.name_i18n?.[previewLang] ?? item.name);
  return (
    <form
      className="admin-form admin-content-editor"
      data-testid="content-template-editor"
      aria-label={t("content.editing", { id: item.tpl_id })}
      onSubmit={(e) => {
        e.preventDefault();
        run(() => saveTemplate(version, item), t("content.saved", { id: item.tpl_id }));
      }}
    >
      <h3 className="admin-subtitle">{t("content.editing", { id: item.tpl_id })}</h3>
      <TextField t={t} item={item} field="name" onChange={setItem} />
      {audio || item.description !== undefined ? <TextField t={t} item={item} field="description" onChange={setItem} /> : null}
      <div className="admin-field">
        <label htmlFor="content-category">{t("content.category")}</label>
        <select id="content-category" value={item.category} onChange={(e) => setItem({ ...item, category: Number(e.target.value) })}>
          {view.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {categoryLabel(c)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor="content-kind">{t("content.kind")}</label>
        <select id="content-kind" value={item.kind} onChange={(e) => setItem({ ...item, kind: e.target.value })}>
          {view.kinds.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </div>
      {!audio ? (
        <div className="admin-field">
          <label htmlFor="content-ratio">{t("content.ratio")}</label>
          <input id="content-ratio" value={item.ratio ?? ""} onChange={(e) => setItem({ ...item, ratio: e.target.value })} />
        </div>
      ) : null}
      <div className="admin-field">
        <label htmlFor="content-tags">{t("content.tags")}</label>
        <input
          id="content-tags"
          value={(item.tags ?? []).join(", ")}
          onChange={(e) =>
            setItem({
              ...item,
              tags: e.target.value
                .split(",")
                .map((s) => s.trim())
                .filter(Boolean),
            })
          }
        />
      </div>
      <div className="admin-field admin-field--inline">
        <input id="content-hot" type="checkbox" checked={item.hot === 1} onChange={(e) => setItem({ ...item, hot: e.target.checked ? 1 : 0 })} />
        <label htmlFor="content-hot">{t("content.hot")}</label>
        <input id="content-new" type="checkbox" checked={item.new === 1} onChange={(e) => setItem({ ...item, new: e.target.checked ? 1 : 0 })} />
        <label htmlFor="content-new">{t("content.new")}</label>
      </div>
      <fieldset className="admin-fieldset">
        <legend>{t("content.media.title")}</legend>
        {SLOTS.map((slot) => (
          <MediaField
            key={slot}
            t={t}
            item={item}
            slot={slot}
            busy={busy}
            onUpload={(s, file) =>
              run(
                () => uploadMedia(version, item.tpl_id, s, file),
                t("content.uploaded", { id: item.tpl_id }),
                (r) => {
                  if (r.key) setItem((cur) => ({ ...cur, media: { ...cur.media, [s]: r.key } }));
                },
              )
            }
          />
        ))}
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>{t("content.preview")}</legend>
        <label htmlFor="content-preview-lang">{t("content.previewLanguage")}</label>
        <select id="content-preview-lang" value={previewLang} onChange={(e) => setPreviewLang(e.target.value)}>
          {languages.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
        <figure className="admin-card-preview">
          {item.media?.picture ? <img src={contentUrl(item.media.picture)} alt="" /> : null}
          <figcaption>{previewName}</figcaption>
        </figure>
      </fieldset>
      {error ? (
        <p role="alert" data-testid="content-error">
          {error}
        </p>
      ) : null}
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={busy} data-testid="content-save">
          {t("content.save")}
        </button>
      </div>
    </form>
  );
}

function TemplatesSection({ t }: { t: AdminT }) {
  const [view, setView] = useState<TemplatesView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const load = useCallback(
    () =>
      getTemplates()
        .then((v) => {
          setView(v);
          return v;
        })
        .catch((e: unknown) => {
          setError(message(e));
          return null;
        }),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  if (!view) return error ? <p role="alert">{t("failed", { error })}</p> : <p>{t("loading")}</p>;
  const act = (work: Promise<unknown>, text: string) => {
    setError(null);
    work
      .then(() => {
        setNote(text);
        return load();
      })
      .catch((e: unknown) => setError(message(e)));
  };
  const ids = view.list.map((r) => r.tpl_id);
  const move = (at: number, by: number) => {
    const next = [...ids];
    const [id] = next.splice(at, 1);
    if (id === undefined) return;
    next.splice(at + by, 0, id);
    act(orderTemplates(view.version, next), t("content.ordered"));
  };
  const current = view.list.find((r) => r.tpl_id === editing);
  return (
    <div data-testid="content-templates">
      {note ? (
        <p role="status" data-testid="content-note">
          {note}
        </p>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
      {current ? (
        <>
          <button type="button" className="button button--secondary" onClick={() => setEditing(null)}>
            {t("content.backToList")}
          </button>
          <TemplateEditor
            key={current.tpl_id}
            t={t}
            view={view}
            initial={current.item}
            onSaved={(text) => {
              setNote(text);
              return load();
            }}
          />
        </>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("content.position")}</th>
              <th scope="col">{t("content.id")}</th>
              <th scope="col">{t("content.name")}</th>
              <th scope="col">{t("content.state")}</th>
              <th scope="col">{t("content.missingLanguages")}</th>
              <th scope="col">{t("content.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {view.list.map((r, at) => {
              const missing = [...new Set(Object.values(r.missing).flat())];
              return (
                <tr key={r.tpl_id} data-testid={`content-row-${r.tpl_id}`}>
                  <td>{at + 1}</td>
                  <td>{r.tpl_id}</td>
                  <td>{r.item.name}</td>
                  <td>{r.published ? t("content.published") : t("content.unpublished")}</td>
                  <td>{missing.length > 0 ? missing.join(", ") : "—"}</td>
                  <td className="admin-row-actions">
                    <button type="button" className="button button--secondary" data-testid={`content-edit-${r.tpl_id}`} onClick={() => setEditing(r.tpl_id)}>
                      {t("content.edit")}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() =>
                        act(
                          setPublished(view.version, r.tpl_id, !r.published),
                          r.published ? t("content.didUnpublish", { id: r.tpl_id }) : t("content.didPublish", { id: r.tpl_id }),
                        )
                      }
                    >
                      {r.published ? t("content.unpublish") : t("content.publish")}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={at === 0}
                      aria-label={t("content.moveUp", { id: r.tpl_id })}
                      onClick={() => move(at, -1)}
                    >
                      {t("content.up")}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={at === view.list.length - 1}
                      aria-label={t("content.moveDown", { id: r.tpl_id })}
                      onClick={() => move(at, 1)}
                    >
                      {t("content.down")}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

function DocumentSection({ t }: { t: AdminT }) {
  const [kind, setKind] = useState<string>(CONTENT_KINDS[0]);
  const [text, setText] = useState("");
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const load = useCallback((k: string) => {
    getDocument(k)
      .then((d) => {
        setText(JSON.stringify(d.document, null, 2));
        setVersion(d.version);
      })
      .catch((e: unknown) => setError(message(e)));
  }, []);
  useEffect(() => load(kind), [kind, load]);
  return (
    <form
      className="admin-form"
      data-testid="content-documents"
      onSubmit={(e) => {
        e.preventDefault();
        let document: unknown;
        try {
          document = JSON.parse(text);
        } catch (problem) {
          setError(t("content.badJson", { error: message(problem) }));
          return;
        }
        setError(null);
        saveDocument(kind, version, document)
          .then((r) => {
            setVersion(r.version);
            setNote(t("content.savedKind", { kind }));
          })
          .catch((e: unknown) => setError(message(e)));
      }}
    >
      <div className="admin-field">
        <label htmlFor="content-kind-pick">{t("content.kindPick")}</label>
        <select
          id="content-kind-pick"
          value={kind}
          onChange={(e) => {
            setError(null);
            setNote(null);
            setKind(e.target.value);
          }}
        >
          {CONTENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`content.kinds.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor="content-json">{t("content.json")}</label>
        <textarea id="content-json" className="admin-json-editor" rows={24} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      {note ? <p role="status">{note}</p> : null}
      {error ? <p role="alert">{error}</p> : null}
      <div className="admin-actions">
        <button type="submit" className="button button--primary">
          {t("content.save")}
        </button>
      </div>
    </form>
  );
}

export function ContentTab({ t }: { t: AdminT }) {
  const [section, setSection] = useState<"templates" | "items" | "cms" | "documents">("templates");
  return (
    <div data-testid="admin-content">
      <div className="admin-actions" role="group" aria-label={t("content.sections")}>
        {(["templates", "items", "cms", "documents"] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={`button ${section === s ? "button--primary" : "button--secondary"}`}
            aria-pressed={section === s}
            onClick={() => setSection(s)}
          >
            {t(`content.section.${s}`)}
          </button>
        ))}
      </div>
      {section === "templates" ? (
        <TemplatesSection t={t} />
      ) : section === "items" ? (
        <ItemsSection t={t} />
      ) : section === "cms" ? (
        <CmsSection t={t} />
      ) : (
        <DocumentSection t={t} />
      )}
    </div>
  );
}
