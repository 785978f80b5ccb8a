//! The explore area: reports on explore items (validated and stored), the explore list, zones and
//! the resource library with its exports.

use crate::common;
use crate::envelope_support;

use common::TestServer;
use envelope_support::assert_field_error;
use serde_json::json;

#[tokio::test]
async fn explore_reports_are_validated_and_stored() {
    let s = TestServer::start().await;
    for reason in ["report_reason_1", "report_reason_11"] {
        let (status, body) = s
            .post(
                "/v1/explore/report",
                None,
                json!({"explore_id": 1448, "reason": reason, "other": ""}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert!(body["data"]["report_id"].as_i64().unwrap() > 0);
    }
    let token = s.register("reporter@example.com").await;
    let (status, _) = s
        .post(
            "/v1/explore/report",
            Some(&token),
            json!({"explore_id": "1448", "reason": "report_reason_5"}),
        )
        .await;
    assert_eq!(status, 200);
    for bad in [
        "report_reason_0",
        "report_reason_12",
        "report_reason_01",
        "spam",
        "",
    ] {
        let (status, body) = s
            .post(
                "/v1/explore/report",
                None,
                json!({"explore_id": 1448, "reason": bad}),
            )
            .await;
        assert_field_error(status, &body, "reason");
    }
    let (status, body) = s
        .post("/v1/explore/report", None, json!({"explore_id": 1448}))
        .await;
    assert_field_error(status, &body, "reason");
    let (status, body) = s
        .post(
            "/v1/explore/report",
            None,
            json!({"reason": "report_reason_1"}),
        )
        .await;
    assert_field_error(status, &body, "explore_id");
    let (status, body) = s
        .post(
            "/v1/explore/report",
            None,
            json!({"explore_id": 7, "reason": "report_reason_1"}),
        )
        .await;
    assert_field_error(status, &body, "explore_id");
    let long = "x".repeat(501);
    let (status, body) = s
        .post(
            "/v1/explore/report",
            None,
            json!({"explore_id": 1448, "reason": "report_reason_11", "other": long}),
        )
        .await;
    assert_field_error(status, &body, "other");
}

#[tokio::test]
async fn explore_zones_and_library() {
    let s = TestServer::start().await;
    let (_, body) = s
        .get(
            "/v1/workflow/explore/list?page=1&page_size=10&media=video&recommend=1",
            None,
        )
        .await;
    let list = body["data"]["list"].as_array().unwrap();
    assert!(!list.is_empty());
    for item in list {
        assert_eq!(item["media"], "video");
        assert_eq!(item["recommend"], 1);
        assert!(
            item["extra_data"]["width"].as_u64().unwrap() > 0
                && item["extra_data"]["height"].as_u64().unwrap() > 0
        );
    }
    let (_, body) = s.get("/v1/workflow/explore/list?page_size=100", None).await;
    assert_eq!(body["data"]["paginate"]["total"], 40);
    // An item is remade on its module's creation screen.
    for item in body["data"]["list"].as_array().unwrap() {
        let screen = match item["algorithm"].as_str().unwrap() {
            "text2video" => "/text-to-video",
            "image2video" => "/image-to-video",
            "text2image" => "/text-to-image",
            _ => "/image-to-image",
        };
        assert_eq!(
            item["route"],
            format!("{screen}?exploreId={}", item["id"]),
            "{item}"
        );
    }
    let (_, body) = s.get("/v1/workflow/explore/info?id=1448", None).await;
    assert_eq!(body["data"]["route"], "/image-to-image?exploreId=1448");
    let (status, _) = s.get("/v1/workflow/explore/info?id=1", None).await;
    assert_eq!(status, 404);
    let (status, body) = s.get("/v1/workflow/explore/list?recommend=2", None).await;
    assert_field_error(status, &body, "recommend");

    let (_, body) = s.get("/v1/workflow/zone/list", None).await;
    let zones = body["data"]["list"].as_array().unwrap();
    assert!(
        zones.iter().any(|z| z["visible_status"] == 1)
            && zones.iter().any(|z| z["visible_status"] == 0)
    );
    let (_, body) = s.get("/v1/workflow/zone/info?id=1", None).await;
    assert_eq!(
        body["data"]["list"].as_array().unwrap().len(),
        body["data"]["total"].as_u64().unwrap() as usize
    );
    let (status, _) = s.get("/v1/workflow/zone/info?id=99", None).await;
    assert_eq!(status, 404);

    let (status, body) = s
        .post(
            "/v1/workflow/resource/list",
            None,
            json!({"params": {"page": 1, "page_size": 5}, "operation": "list"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["list"].as_array().unwrap().len(), 5);
    assert_eq!(body["data"]["paginate"]["total"], 14);
    let (_, body) = s
        .post(
            "/v1/workflow/resource/list",
            None,
            json!({"params": {"keyword": "sticker"}, "operation": "search"}),
        )
        .await;
    assert_eq!(body["data"]["paginate"]["total"], 4);
    let (status, body) = s
        .post(
            "/v1/workflow/resource/list",
            None,
            json!({"operation": "search"}),
        )
        .await;
    assert_field_error(status, &body, "keyword");
    let (status, body) = s
        .post(
            "/v1/workflow/resource/list",
            None,
            json!({"operation": "delete"}),
        )
        .await;
    assert_field_error(status, &body, "operation");
    let (_, body) = s.get("/v1/workflow/resource/info?id=501", None).await;
    assert_eq!(body["data"]["name"], "Sunset Beach");
    let (status, body) = s
        .post(
            "/v1/workflow/resource/export",
            None,
            json!({"res_id": 501, "export_type": "svg"}),
        )
        .await;
    assert_eq!(status, 200);
    let res = s
        .http
        .get(body["data"]["url"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let (status, body) = s
        .post(
            "/v1/workflow/resource/export",
            None,
            json!({"res_id": 501, "export_type": "mp4"}),
        )
        .await;
    assert_field_error(status, &body, "export_type");
    let (status, body) = s
        .post(
            "/v1/workflow/resource/export",
            None,
            json!({"export_type": "svg"}),
        )
        .await;
    assert_field_error(status, &body, "res_id");
}
