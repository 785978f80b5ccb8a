//! The ledger after the load: no credit lost or granted twice. Fails the bench (not a timing).

use super::accounts;
use aivg_server::state::AppState;
use sqlx::Row;

async fn scalar(state: &AppState, sql: &str) -> Result<i64, String> {
    let row = sqlx::query(sql)
        .fetch_one(&state.db.pool)
        .await
        .map_err(|e| format!("{sql}: {e}"))?;
    row.try_get::<i64, _>(0).map_err(|e| format!("{sql}: {e}"))
}

/// `n` fresh accounts each send two check-in claims at once (2n requests in flight together);
/// then every account must hold exactly one check-in and one matching grant, and across the
/// whole database every check-in row must have exactly its grant (the claim runs included).
pub async fn concurrent_claims(
    client: &reqwest::Client,
    base: &str,
    state: &AppState,
    n: usize,
) -> Result<(), String> {
    let tag = format!(
        "ledger-{}",
        aivg_server::ids::random_token(6).to_lowercase()
    );
    let users = accounts::make(state, &tag, n, 0).await?;
    let url = format!("{base}/v1/activity/checkin");
    let mut handles = Vec::with_capacity(2 * n);
    for u in users.iter().chain(users.iter()) {
        let req = client
            .post(&url)
            .bearer_auth(&u.token)
            .json(&serde_json::json!({"code": "daily_checkin"}));
        handles.push(tokio::spawn(async move {
            let body: serde_json::Value = req.send().await.ok()?.json().await.ok()?;
            Some(body.get("data")?.get("success")?.as_bool() == Some(true))
        }));
    }
    let mut granted = 0usize;
    for h in handles {
        match h.await {
            Ok(Some(true)) => granted += 1,
            Ok(Some(false)) => {}
            _ => return Err("a claim got no answer".into()),
        }
    }
    let ids: Vec<String> = users.iter().map(|u| u.id.to_string()).collect();
    let list = ids.join(",");
    let rows = scalar(
        state,
        &format!("SELECT COUNT(*) FROM checkins WHERE user_id IN ({list})"),
    )
    .await?;
    let grants = scalar(
        state,
        &format!(
            "SELECT COUNT(*) FROM credit_entries WHERE reason = 'checkin' AND user_id IN ({list})"
        ),
    )
    .await?;
    let per_user_max = scalar(
        state,
        &format!(
            "SELECT COALESCE(MAX(c), 0) FROM (SELECT COUNT(*) AS c FROM credit_entries WHERE reason = 'checkin' AND user_id IN ({list}) GROUP BY user_id) t"
        ),
    )
    .await?;
    let all_rows = scalar(state, "SELECT COUNT(*) FROM checkins").await?;
    let all_grants = scalar(
        state,
        "SELECT COUNT(*) FROM credit_entries WHERE reason = 'checkin'",
    )
    .await?;
    let all_row_credits = scalar(
        state,
        "SELECT CAST(COALESCE(SUM(credits), 0) AS BIGINT) FROM checkins",
    )
    .await?;
    let all_grant_credits = scalar(
        state,
        "SELECT CAST(COALESCE(SUM(credits), 0) AS BIGINT) FROM credit_entries WHERE reason = 'checkin'",
    )
    .await?;
    println!(
        "\nledger after {} concurrent claims from {n} accounts: {granted} answered success, {rows} check-in rows, {grants} grants (at most {per_user_max} per account); whole database: {all_rows} check-ins = {all_grants} grants, {all_row_credits} = {all_grant_credits} credits",
        2 * n
    );
    let n = n as i64;
    if granted as i64 != n || rows != n || grants != n || per_user_max != 1 {
        return Err(format!("expected exactly {n} grants, one per account"));
    }
    if all_rows != all_grants || all_row_credits != all_grant_credits {
        return Err("check-in rows and their grants disagree".into());
    }
    println!("ledger exact: no credit lost or granted twice");
    Ok(())
}
