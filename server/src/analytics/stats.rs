//! The stats report: how many events of each name were stored, and the 75th percentile of each web
//! vital (FCP, LCP) per page (docs/behaviour/ads-and-experiments.md#analytics names the vitals and
//! their "good" limits 1800 / 2500 ms).
//!
//! The percentile is computed here, not in SQL, because SQLite has no percentile function: the
//! values of one metric and page are read in order and the nearest-rank p75 is taken (the value at
//! rank ⌈0.75·n⌉), which is always a measured value, never an interpolation.

use crate::db::Db;
use serde::Serialize;
use sqlx::FromRow;

/// FCP and LCP count as good below these (docs/behaviour/ads-and-experiments.md#analytics; core's
/// numbers, shared with the app).
pub use aivg_core::analytics::{FCP_GOOD_MS, LCP_GOOD_MS};

/// Stored events of one name.
#[derive(Debug, Clone, PartialEq, Serialize, FromRow)]
pub struct EventCount {
    pub name: String,
    #[sqlx(rename = "n")]
    pub count: i64,
}

/// One web vital on one page.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VitalStat {
    pub page: String,
    pub metric: String,
    pub samples: usize,
    pub p75: f64,
    /// Whether the p75 is under the metric's "good" limit.
    pub good: bool,
}

/// The whole report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Every event name, most frequent first.
    pub events: Vec<EventCount>,
    /// Every (page, metric), ordered by page then metric.
    pub vitals: Vec<VitalStat>,
}

/// Nearest-rank 75th percentile of sorted values (`None` when empty).
pub fn p75(sorted: &[f64]) -> Option<f64> {
    let n = sorted.len();
    if n == 0 {
        return None;
    }
    // ⌈0.75·n⌉ in integers, as a 1-based rank.
    let rank = (3 * n).div_ceil(4);
    sorted.get(rank.saturating_sub(1)).copied()
}

fn good_limit(metric: &str) -> f64 {
    if metric == "FCP" {
        FCP_GOOD_MS
    } else {
        LCP_GOOD_MS
    }
}

/// One stored web vital.
#[derive(FromRow)]
struct Sample {
    page: String,
    metric: String,
    value: f64,
}

/// Reads the report from the database.
pub async fn report(db: &Db) -> Result<Report, sqlx::Error> {
    let events: Vec<EventCount> = sqlx::query_as(
        "SELECT name, COUNT(*) AS n FROM analytics_events GROUP BY name ORDER BY n DESC, name",
    )
    .fetch_all(&db.pool)
    .await?;

    let rows: Vec<Sample> = sqlx::query_as(
        "SELECT page, metric, value FROM analytics_events \
         WHERE metric <> '' ORDER BY page, metric, value",
    )
    .fetch_all(&db.pool)
    .await?;
    let mut vitals = Vec::new();
    let mut current: Option<(String, String, Vec<f64>)> = None;
    let mut flush = |group: Option<(String, String, Vec<f64>)>| {
        if let Some((page, metric, values)) = group
            && let Some(p) = p75(&values)
        {
            vitals.push(VitalStat {
                good: p < good_limit(&metric),
                page,
                metric,
                samples: values.len(),
                p75: p,
            });
        }
    };
    for Sample {
        page,
        metric,
        value,
    } in rows
    {
        match &mut current {
            Some((p, m, values)) if *p == page && *m == metric => values.push(value),
            _ => flush(current.replace((page, metric, vec![value]))),
        }
    }
    flush(current);
    Ok(Report { events, vitals })
}

/// The report as text for the terminal (`aivg-server stats`).
pub fn render(report: &Report) -> String {
    use std::fmt::Write;
    let mut out = String::from("events\n");
    if report.events.is_empty() {
        out.push_str("  (none stored)\n");
    }
    for e in &report.events {
        let _ = writeln!(out, "  {:<32} {:>10}", e.name, e.count);
    }
    out.push_str("\nweb vitals (p75, ms)\n");
    if report.vitals.is_empty() {
        out.push_str("  (none stored)\n");
    }
    for v in &report.vitals {
        let rating = if v.good { "good" } else { "needs improvement" };
        let _ = writeln!(
            out,
            "  {:<40} {:<4} {:>10.1}  {:>6} samples  {rating}",
            v.page, v.metric, v.p75, v.samples
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p75_is_nearest_rank() {
        assert_eq!(p75(&[]), None);
        assert_eq!(p75(&[7.0]), Some(7.0));
        assert_eq!(p75(&[1.0, 2.0]), Some(2.0));
        assert_eq!(p75(&[1.0, 2.0, 3.0, 4.0]), Some(3.0));
        assert_eq!(p75(&[1.0, 2.0, 3.0, 4.0, 5.0]), Some(4.0));
        let hundred: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(p75(&hundred), Some(75.0));
    }

    #[test]
    fn render_names_every_row() {
        let text = render(&Report {
            events: vec![EventCount {
                name: "page_view".into(),
                count: 3,
            }],
            vitals: vec![VitalStat {
                page: "/home".into(),
                metric: "LCP".into(),
                samples: 2,
                p75: 2600.0,
                good: false,
            }],
        });
        assert!(text.contains("page_view") && text.contains('3'));
        assert!(
            text.contains("/home") && text.contains("2600.0") && text.contains("needs improvement")
        );
    }
}
