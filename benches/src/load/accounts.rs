//! Accounts for the load runs, made straight in the server's database: registering thousands
//! through the API would time argon2, not the calls under test. Each account gets a real token
//! (`auth::issue`, the same rows a login writes) and, when asked, credits through the ledger.

use aivg_server::ledger::{self, Entry};
use aivg_server::state::AppState;
use sqlx::Row;

/// One account: its database id and a Bearer token.
#[derive(Debug, Clone)]
pub struct Account {
    pub id: i64,
    pub token: String,
}

/// Makes `n` accounts with `credits` each (none when 0). `tag` keeps e-mails unique across runs
/// on a reused PostgreSQL database.
pub async fn make(
    state: &AppState,
    tag: &str,
    n: usize,
    credits: i64,
) -> Result<Vec<Account>, String> {
    let now_ms = aivg_server::clock::now_ms();
    let now_s = now_ms / 1000;
    let mut out = Vec::with_capacity(n);
    let mut conn = state.db.pool.acquire().await.map_err(|e| e.to_string())?;
    for i in 0..n {
        let uid = aivg_server::ids::random_token(12);
        let row = sqlx::query(
            "INSERT INTO users (uid, email, password_hash, nickname, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(&uid)
        .bind(format!("load-{tag}-{i}@example.com"))
        // Not a valid argon2 hash: these accounts never log in with a password.
        .bind("-")
        .bind(format!("load{i}"))
        .bind(now_s)
        .fetch_one(&mut *conn)
        .await
        .map_err(|e| format!("insert user: {e}"))?;
        let id: i64 = row.try_get(0).map_err(|e| e.to_string())?;
        if credits > 0 {
            let entry = Entry {
                user_id: id,
                reason: "gift",
                details: "Load test",
                credits,
                date: now_s,
                expire_time: 0,
                reference: "",
            };
            ledger::grant(&mut conn, &entry)
                .await
                .map_err(|e| format!("grant: {e}"))?;
        }
        let issued =
            // A new session: its own token family.
            aivg_server::accounts::auth::issue(&state.jwt, &state.db.pool, id, &uid, now_ms, "")
                .await
                .map_err(|e| format!("token: {e:?}"))?;
        out.push(Account {
            id,
            token: issued.token,
        });
    }
    Ok(out)
}
