/** The console's audit trail: newest first (`GET /v1/admin/audit`). */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { getAudit, type AuditEntry } from "./adminApi";
import type { AdminT } from "./adminTexts";

export function AuditTab({ t }: { t: AdminT }) {
  const { i18n } = useTranslation();
  const [list, setList] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getAudit(1)
      .then((page) => setList(page.list))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  if (error) return <p role="alert">{t("failed", { error })}</p>;
  if (!list) return <p>{t("loading")}</p>;
  if (list.length === 0) return <p>{t("audit.empty")}</p>;
  return (
    <table className="admin-table" tabIndex={0} data-testid="admin-audit">
      <thead>
        <tr>
          {["when", "who", "action", "target", "before", "after"].map((k) => (
            <th key={k} scope="col">
              {t(`audit.${k}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {list.map((e) => (
          <tr key={e.id} data-testid="admin-audit-row">
            <td>{new Date(e.at_ms).toLocaleString(i18n.language)}</td>
            <td>{e.admin_id === 0 ? t("audit.commandLine") : e.admin_email}</td>
            <td>{e.action}</td>
            <td>{e.target}</td>
            <td>{e.before}</td>
            <td>{e.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
