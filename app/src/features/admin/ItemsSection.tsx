/**
 * The console's item editors of the list-shaped content (docs/operations.md#editing-content):
 * explore items and zones, ads, prompt and music presets, promotions, experiments and SKUs. One
 * list at a time in its public order (move up and down where the site keeps the order), published
 * or not where the site shows items one by one, the languages each text misses; one form per item
 * built from the list's field descriptor (`contentLists.ts`), with picture and video uploads where
 * the site shows them, and a preview in any language.
 */
import { useCallback, useEffect, useState } from "react";
import { switcherLanguages } from "@aivg/core/rules";
import { contentUrl, type MediaSlot } from "./contentApi";
import {
  LISTS,
  getList,
  listKey,
  orderItems,
  publishItem,
  saveItem,
  uploadItemMedia,
  type FieldDescriptor,
  type ListDescriptor,
  type ListItem,
  type ListView,
} from "./contentLists";
import type { AdminT } from "./adminTexts";

type Fields = Record<string, unknown>;
const languages = switcherLanguages();
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const codeLabel = (code: string) => `(${code})`;
const ACCEPT: Partial<Record<MediaSlot, string>> = { picture: "image/png,image/jpeg,image/webp", video: "video/mp4,video/webm" };
const asFields = (item: ListItem): Fields => (item !== null && typeof item === "object" ? (item as Fields) : {});
const fieldLabel = (t: AdminT, key: string) => t(`content.field.${key || "groups"}`);

/** The text of `field` in `lang` (English is the field itself). */
function textIn(item: ListItem, field: string, lang: string): string {
  const f = asFields(item);
  const english = typeof f[field] === "string" ? (f[field] as string) : "";
  if (lang === "en") return english;
  const i18n = asFields(f[`${field}_i18n`]);
  return typeof i18n[lang] === "string" ? (i18n[lang] as string) : "";
}

function Text9({ t, item, field, onChange }: { t: AdminT; item: ListItem; field: string; onChange: (next: ListItem) => void }) {
  const f = asFields(item);
  return (
    <fieldset className="admin-fieldset">
      <legend>{fieldLabel(t, field)}</legend>
      {languages.map((l) => {
        const english = l.code === "en";
        const value = textIn(item, field, l.code);
        const id = `item-${field}-${l.code}`;
        return (
          <div key={l.code} className="admin-field">
            <label htmlFor={id}>
              {l.name} <span className="admin-small">{codeLabel(l.code)}</span>
              {!english && value.trim() === "" ? <span className="admin-badge admin-badge--warn">{t("content.missing")}</span> : null}
            </label>
            <input
              id={id}
              data-testid={id}
              value={value}
              onChange={(e) => {
                const text = e.target.value;
                if (english) return onChange({ ...f, [field]: text });
                const next = { ...asFields(f[`${field}_i18n`]) };
                if (text === "") delete next[l.code];
                else next[l.code] = text;
                onChange({ ...f, [`${field}_i18n`]: next });
              }}
            />
          </div>
        );
      })}
    </fieldset>
  );
}

/** The value typed into a plain field, in the item's type (empty optional fields are left out). */
function parse(d: FieldDescriptor, raw: string): unknown {
  if (d.optional && raw.trim() === "") return undefined;
  switch (d.type) {
    case "number":
      return raw.trim() === "" ? raw : Number(raw);
    case "words":
      return raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
    case "numbers":
      return raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .map(Number);
    default:
      return raw;
  }
}

function show(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

function PlainField({ t, d, item, onChange }: { t: AdminT; d: FieldDescriptor; item: ListItem; onChange: (next: ListItem) => void }) {
  const bare = d.key === "";
  const f = asFields(item);
  const value = bare ? item : f[d.key];
  const set = (next: unknown) => {
    if (bare) return onChange(next);
    const copy = { ...f };
    if (next === undefined) delete copy[d.key];
    else copy[d.key] = next;
    onChange(copy);
  };
  const id = `item-${d.key || "value"}`;
  if (d.type === "flag" || d.type === "bool") {
    const on = d.type === "flag" ? value === 1 : value === true;
    return (
      <div className="admin-field admin-field--inline">
        <input id={id} data-testid={id} type="checkbox" checked={on} onChange={(e) => set(d.type === "flag" ? (e.target.checked ? 1 : 0) : e.target.checked)} />
        <label htmlFor={id}>{fieldLabel(t, d.key)}</label>
      </div>
    );
  }
  return (
    <div className="admin-field">
      <label htmlFor={id}>{fieldLabel(t, d.key)}</label>
      {d.type === "choice" ? (
        <select id={id} data-testid={id} value={show(value)} onChange={(e) => set(parse(d, e.target.value))}>
          {(d.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o === "" ? t("content.none") : o}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          data-testid={id}
          type={d.type === "number" ? "number" : "text"}
          step={d.type === "number" ? "any" : undefined}
          value={show(value)}
          onChange={(e) => set(parse(d, e.target.value))}
        />
      )}
    </div>
  );
}

function ItemEditor({
  t,
  d,
  view,
  id,
  initial,
  onSaved,
}: {
  t: AdminT;
  d: ListDescriptor;
  view: ListView;
  id: string;
  initial: ListItem;
  onSaved: (note: string) => Promise<ListView | null>;
}) {
  const [item, setItem] = useState<ListItem>(initial);
  const [version, setVersion] = useState(view.version);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [previewLang, setPreviewLang] = useState("en");
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
  const uploads = asFields(asFields(item).uploads);
  const picture = typeof uploads.picture === "string" ? uploads.picture : null;
  const title = d.title ? textIn(item, d.title, previewLang) || textIn(item, d.title, "en") : show(item);
  return (
    <form
      className="admin-form admin-content-editor"
      data-testid="item-editor"
      aria-label={t("content.editingItem", { id })}
      onSubmit={(e) => {
        e.preventDefault();
        run(() => saveItem(d, version, id, item), t("content.savedItem", { id }));
      }}
    >
      <h3 className="admin-subtitle">{t("content.editingItem", { id })}</h3>
      {d.fields.map((f) =>
        f.type === "text9" ? (
          <Text9 key={f.key} t={t} item={item} field={f.key} onChange={setItem} />
        ) : (
          <PlainField key={f.key} t={t} d={f} item={item} onChange={setItem} />
        ),
      )}
      {view.slots.length > 0 ? (
        <fieldset className="admin-fieldset">
          <legend>{t("content.media.title")}</legend>
          {view.slots.map((slot) => {
            const key = typeof uploads[slot] === "string" ? (uploads[slot] as string) : null;
            const inputId = `item-media-${slot}`;
            return (
              <div key={slot} className="admin-field">
                <label htmlFor={inputId}>{t(`content.media.${slot}`)}</label>
                {key ? (
                  slot === "picture" ? (
                    <img src={contentUrl(key)} alt={t("content.media.current")} className="admin-media-preview" />
                  ) : (
                    <video src={contentUrl(key)} controls muted className="admin-media-preview" aria-label={t("content.media.current")} />
                  )
                ) : (
                  <span className="admin-small">{t("content.media.none")}</span>
                )}
                <input
                  id={inputId}
                  type="file"
                  accept={ACCEPT[slot]}
                  disabled={busy}
                  data-testid={`item-upload-${slot}`}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file)
                      run(
                        () => uploadItemMedia(d, version, id, slot, file),
                        t("content.uploadedItem", { id }),
                        (r) => {
                          if (r.key) setItem((cur: ListItem) => ({ ...asFields(cur), uploads: { ...asFields(asFields(cur).uploads), [slot]: r.key } }));
                        },
                      );
                    e.target.value = "";
                  }}
                />
              </div>
            );
          })}
        </fieldset>
      ) : null}
      <fieldset className="admin-fieldset">
        <legend>{t("content.preview")}</legend>
        <label htmlFor="item-preview-lang">{t("content.previewLanguage")}</label>
        <select id="item-preview-lang" value={previewLang} onChange={(e) => setPreviewLang(e.target.value)}>
          {languages.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
        <figure className="admin-card-preview" data-testid="item-preview">
          {picture ? <img src={contentUrl(picture)} alt="" /> : null}
          <figcaption>{title}</figcaption>
        </figure>
      </fieldset>
      {error ? (
        <p role="alert" data-testid="item-error">
          {error}
        </p>
      ) : null}
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={busy} data-testid="item-save">
          {t("content.save")}
        </button>
      </div>
    </form>
  );
}

export function ItemsSection({ t }: { t: AdminT }) {
  const [pick, setPick] = useState(listKey(LISTS[0] ?? { kind: "", list: "" }));
  const d = LISTS.find((l) => listKey(l) === pick) ?? LISTS[0];
  const [view, setView] = useState<ListView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; item: ListItem } | null>(null);
  const [newId, setNewId] = useState("");
  const load = useCallback(
    () =>
      d
        ? getList(d)
            .then((v) => {
              setView(v);
              return v;
            })
            .catch((e: unknown) => {
              setError(message(e));
              return null;
            })
        : Promise.resolve(null),
    [d],
  );
  useEffect(() => {
    void load();
  }, [load]);
  if (!d) return null;
  const act = (work: Promise<unknown>, text: string) => {
    setError(null);
    work
      .then(() => {
        setNote(text);
        return load();
      })
      .catch((e: unknown) => setError(message(e)));
  };
  const move = (v: ListView, at: number, by: number) => {
    const ids = v.list.map((r) => r.id);
    const [id] = ids.splice(at, 1);
    if (id === undefined) return;
    ids.splice(at + by, 0, id);
    act(orderItems(d, v.version, ids), t("content.ordered"));
  };
  const nameOf = (item: ListItem) => (d.title ? textIn(item, d.title, "en") : show(item));
  return (
    <div data-testid="content-items">
      <div className="admin-form">
        <label htmlFor="items-list">{t("content.listPick")}</label>
        <select
          id="items-list"
          data-testid="items-list"
          value={pick}
          onChange={(e) => {
            setNote(null);
            setError(null);
            setView(null);
            setEditing(null);
            setPick(e.target.value);
          }}
        >
          {LISTS.map((l) => (
            <option key={listKey(l)} value={listKey(l)}>
              {t(`content.lists.${l.kind}-${l.list}`)}
            </option>
          ))}
        </select>
      </div>
      {note ? (
        <p role="status" data-testid="items-note">
          {note}
        </p>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
      {!view ? (
        error ? null : (
          <p>{t("loading")}</p>
        )
      ) : editing ? (
        <>
          <button type="button" className="button button--secondary" onClick={() => setEditing(null)}>
            {t("content.backToList")}
          </button>
          <ItemEditor
            key={`${pick}:${editing.id}`}
            t={t}
            d={d}
            view={view}
            id={editing.id}
            initial={editing.item}
            onSaved={(text) => {
              setNote(text);
              return load();
            }}
          />
        </>
      ) : (
        <>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("content.position")}</th>
                <th scope="col">{t("content.id")}</th>
                <th scope="col">{t("content.name")}</th>
                {view.publishable ? <th scope="col">{t("content.state")}</th> : null}
                <th scope="col">{t("content.missingLanguages")}</th>
                <th scope="col">{t("content.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {view.list.map((r, at) => {
                const missing = [...new Set(Object.values(r.missing).flat())];
                return (
                  <tr key={r.id} data-testid={`item-row-${r.id}`}>
                    <td>{at + 1}</td>
                    <td>{r.id}</td>
                    <td>{nameOf(r.item)}</td>
                    {view.publishable ? <td>{r.published ? t("content.published") : t("content.unpublished")}</td> : null}
                    <td>{missing.length > 0 ? missing.join(", ") : "—"}</td>
                    <td className="admin-row-actions">
                      <button
                        type="button"
                        className="button button--secondary"
                        data-testid={`item-edit-${r.id}`}
                        onClick={() => setEditing({ id: r.id, item: r.item })}
                      >
                        {t("content.edit")}
                      </button>
                      {view.publishable ? (
                        <button
                          type="button"
                          className="button button--secondary"
                          data-testid={`item-publish-${r.id}`}
                          onClick={() =>
                            act(
                              publishItem(d, view.version, r.id, !r.published),
                              r.published ? t("content.didUnpublishItem", { id: r.id }) : t("content.didPublishItem", { id: r.id }),
                            )
                          }
                        >
                          {r.published ? t("content.unpublish") : t("content.publish")}
                        </button>
                      ) : null}
                      {view.orderable ? (
                        <>
                          <button
                            type="button"
                            className="button button--secondary"
                            disabled={at === 0}
                            aria-label={t("content.moveItemUp", { id: r.id })}
                            onClick={() => move(view, at, -1)}
                          >
                            {t("content.up")}
                          </button>
                          <button
                            type="button"
                            className="button button--secondary"
                            disabled={at === view.list.length - 1}
                            aria-label={t("content.moveItemDown", { id: r.id })}
                            onClick={() => move(view, at, 1)}
                          >
                            {t("content.down")}
                          </button>
                        </>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div className="admin-form">
            <label htmlFor="items-new-id">{t("content.newItemId")}</label>
            <input id="items-new-id" value={newId} onChange={(e) => setNewId(e.target.value.trim())} />
            <button
              type="button"
              className="button button--secondary"
              disabled={newId === "" || view.list.some((r) => r.id === newId)}
              onClick={() => {
                setEditing({ id: newId, item: d.blank });
                setNewId("");
              }}
            >
              {t("content.addItem")}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
