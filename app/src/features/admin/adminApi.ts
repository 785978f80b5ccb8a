/**
 * The console's calls (`/v1/admin/…`, docs/operations.md#the-operator-console) through core's
 * HTTP client, with the answers read into plain types.
 */
import { request } from "@aivg/core/rules";

export interface Overview {
  users: number;
  signups_7d: number;
  queue_depth: number;
  credits_granted: number;
  credits_spent: number;
  tasks: { status: string; count: number }[];
}

export interface UserRow {
  id: number;
  uid: string;
  email: string;
  nickname: string;
  role: string;
  created_at: number;
  /** 1 when the operator disabled the account. */
  disabled: number;
}

export interface UserDetail {
  user: UserRow;
  balance: number;
  sessions: number;
  ledger: { id: number; type: string; reason: string; details: string; credits: number; date: number }[];
  tasks: { task_id: string; algorithm: string; status: string; credits: number; created_ms: number }[];
}

export interface AuditEntry {
  id: number;
  admin_id: number;
  admin_email: string;
  action: string;
  target: string;
  before: string;
  after: string;
  at_ms: number;
}

export const getMe = () => request({ method: "GET", path: "/v1/admin/me", noCacheBust: true }) as Promise<{ email: string }>;
export const getOverview = () => request({ method: "GET", path: "/v1/admin/overview", noCacheBust: true }) as Promise<Overview>;
export const searchUsers = (q: string) => request({ method: "GET", path: "/v1/admin/users", params: { q }, noCacheBust: true }) as Promise<UserRow[]>;
export const getUser = (id: number) => request({ method: "GET", path: `/v1/admin/users/${id}`, noCacheBust: true }) as Promise<UserDetail>;
export const changeCredits = (id: number, delta: number, reason: string) =>
  request({ method: "POST", path: `/v1/admin/users/${id}/credits`, params: { delta, reason } }) as Promise<{ moved: number; balance: number }>;
export const getAudit = (page: number) =>
  request({ method: "GET", path: "/v1/admin/audit", params: { page }, noCacheBust: true }) as Promise<{ list: AuditEntry[]; total: number }>;
export const signOutEverywhere = (id: number) =>
  request({ method: "POST", path: `/v1/admin/users/${id}/sign-out`, params: {} }) as Promise<{ sessions_ended: number }>;
export const setDisabled = (id: number, disabled: boolean) =>
  request({ method: "POST", path: `/v1/admin/users/${id}/disabled`, params: { disabled } }) as Promise<{ disabled: boolean; sessions_ended: number }>;
