//! The NUL character is refused in every body, path and query with the envelope (PostgreSQL text
//! cannot hold it), while the escaped text "\u0000" is ordinary text.

use crate::common;
use crate::envelope_support;

use common::TestServer;
use envelope_support::refused;
use serde_json::json;

#[tokio::test]
async fn the_nul_character_is_refused_everywhere() {
    // PostgreSQL text cannot hold NUL: without the guard these were 500s there.
    let s = TestServer::start().await;
    let token = s.register("nul@example.com").await;
    let bodies = [
        (
            "/account/register",
            json!({"email": "n\u{0}@example.com", "password": "secret\u{0}123"}),
        ),
        (
            "/account/login",
            json!({"email": "nul@example.com", "password": "secret\u{0}"}),
        ),
        ("/v1/oauth/token", json!({"code": "abc\u{0}"})),
        ("/v1/activity/checkin", json!({"code": "daily\u{0}checkin"})),
        ("/v1/activity/apply", json!({"code": "x\u{0}"})),
        (
            "/v1/ai/create/text2image",
            json!({"data": {"prompt": "a cat\u{0}"}, "user_data": {"module": "m\u{0}"}}),
        ),
        ("/v1/ai/prompt/polish", json!({"prompt": "a\u{0}b"})),
        ("/v1/ai/task", json!({"module": "x\u{0}"})),
        ("/v1/ai/retry", json!({"task_id": "a\u{0}"})),
        ("/v1/ai/result/batch", json!({"task_ids": ["a\u{0}"]})),
        (
            "/v1/explore/report",
            json!({"explore_id": 1448, "reason": "report_reason_11", "other": "bad\u{0}"}),
        ),
        (
            "/store/checkout/pay",
            json!({"sku_id": 24_120_010, "session": "s\u{0}"}),
        ),
    ];
    for (path, body) in bodies {
        let (status, answer) = s.post(path, Some(&token), body).await;
        let msg = refused(path, status, &answer);
        assert_eq!(msg, "body: must not contain the NUL character", "{path}");
    }
    for path in [
        "/v1/ai/result/text2image/ab%00cd",
        "/v1/common/ab-test?test_code=login_test&user_id=u%00",
        "/v1/credit/history?type=%00",
    ] {
        let (status, answer) = s.get(path, Some(&token)).await;
        refused(path, status, &answer);
    }
    // The text "\u0000" (an escaped backslash) is ordinary text.
    let (status, answer) = s
        .post(
            "/v1/ai/prompt/polish",
            Some(&token),
            json!({"prompt": "a literal \\u0000 in a prompt"}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
}
