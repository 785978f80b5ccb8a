//! The template lists: pages and their shape, filters, categories, recommendations, the direct
//! create payload of a template, and the pictures they show.

use crate::common;
use crate::envelope_support;

use common::TestServer;
use envelope_support::assert_field_error;
use serde_json::json;

#[tokio::test]
async fn workflow_list_pages_and_shapes() {
    let s = TestServer::start().await;
    let mut seen = Vec::new();
    for (page, expected) in [(1, 25), (2, 25), (3, 12), (4, 0)] {
        let (status, body) = s
            .get(
                &format!("/v1/workflow/list?page_size=25&page={page}&fun_module=effect&_t=1"),
                None,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["paginate"]["total"], 62);
        assert_eq!(body["data"]["paginate"]["page"], page);
        let list = body["data"]["list"].as_array().unwrap();
        assert_eq!(list.len(), expected, "page {page}");
        seen.extend(list.iter().map(|t| t["tpl_id"].as_i64().unwrap()));
        // Core's paging rule asks for the next page while fewer than total are loaded.
        let loaded = u32::try_from(seen.len()).unwrap();
        let next = aivg_core::templates::template_load_more(loaded, 62, false).map(|q| q.page);
        if page < 3 {
            assert_eq!(next, Some(page + 1));
        } else {
            assert_eq!(next, None);
        }
    }
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 62, "no template twice");

    let (_, body) = s.get("/v1/workflow/list", None).await;
    assert_eq!(
        body["data"]["paginate"]["page_size"], 25,
        "core's page size by default"
    );
    let t = &body["data"]["list"][0];
    for key in [
        "tpl_id",
        "name",
        "thumbnail",
        "preview_url",
        "thumbnail_link",
    ] {
        assert!(!t[key].is_null(), "{key}");
    }
    assert_eq!(t["cover_conf"]["thumbnail_url"], t["thumbnail"]);
    assert_eq!(t["cover_conf"]["preview_url"], t["preview_url"]);
    assert!(t["action_conf"]["hot"].is_i64());
    assert_eq!(t["info"]["module"], "effect");
    assert_eq!(
        t["info"]["algorithm"], "effect",
        "video effects run the effect task module"
    );
    assert!(
        t["info"]["request"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["field"] == "file_path")
    );
    assert!(t["extra"]["width"].as_u64().unwrap() > 0);

    let (_, body) = s.get("/v1/workflow/list?media=image", None).await;
    assert_eq!(body["data"]["paginate"]["total"], 18);
    let (_, body) = s
        .get("/v1/workflow/list?fun_category=2&page_size=100", None)
        .await;
    assert!(
        body["data"]["list"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["category_id"] == 2)
    );
    let (_, body) = s.get("/v1/workflow/list?fun_module=music", None).await;
    assert_eq!(
        body["data"]["paginate"]["total"], 11,
        "the audio templates (tests/templates.rs)"
    );

    for (query, field) in [
        ("page_size=0", "page_size"),
        ("page_size=101", "page_size"),
        ("page=0", "page"),
        ("page=x", "page"),
        ("media=sound", "media"),
        ("fun_category=99", "fun_category"),
        ("fun_module=a%20b", "fun_module"),
    ] {
        let (status, body) = s.get(&format!("/v1/workflow/list?{query}"), None).await;
        assert_field_error(status, &body, field);
    }

    let (status, body) = s.get("/v1/workflow/info?id=1001", None).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["tpl_id"], 1001);
    let (status, _) = s.get("/v1/workflow/info?id=5", None).await;
    assert_eq!(status, 404);
    let (status, body) = s.get("/v1/workflow/info", None).await;
    assert_field_error(status, &body, "id");

    let (_, body) = s.get("/v1/workflow/ct/list", None).await;
    let tabs = body["data"]["list"].as_array().unwrap();
    assert_eq!(
        tabs.iter().map(|t| t["value"].clone()).collect::<Vec<_>>(),
        [json!("video"), json!("image")]
    );
    let totals: i64 = tabs
        .iter()
        .flat_map(|t| t["categories"].as_array().unwrap())
        .map(|c| c["total"].as_i64().unwrap())
        .sum();
    assert_eq!(totals, 62);
    let (_, body) = s
        .post(
            "/v1/workflow/category/list",
            None,
            json!({"media": "image"}),
        )
        .await;
    assert_eq!(body["data"]["list"].as_array().unwrap().len(), 2);

    let (_, body) = s
        .get(
            "/v1/recommend/tpl?tag=image2video&action_conf=hot&action_conf_value=1",
            None,
        )
        .await;
    let list = body["data"]["list"].as_array().unwrap();
    assert!(
        !list.is_empty()
            && list
                .iter()
                .all(|t| t["action_conf"]["hot"] == 1 && t["media"] == "video")
    );
    let (status, body) = s.get("/v1/recommend/tpl?action_conf=cold", None).await;
    assert_field_error(status, &body, "action_conf");

    let (status, body) = s
        .post(
            "/v1/workflow/direct",
            None,
            json!({"tpl_id": 1001, "fields": {"file_path": "u/1.png"}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["create_path"], "/v1/ai/create/effect");
    assert_eq!(body["data"]["payload"]["data"]["file_path"], "u/1.png");
    assert_eq!(body["data"]["payload"]["user_data"]["module"], "effect");
    let (status, body) = s
        .post(
            "/v1/workflow/direct",
            None,
            json!({"tpl_id": 1001, "fields": {"colour": "red"}}),
        )
        .await;
    assert_field_error(status, &body, "fields.colour");
    let (status, body) = s.post("/v1/workflow/direct", None, json!({})).await;
    assert_field_error(status, &body, "tpl_id");

    // The pictures are served.
    let res = s
        .http
        .get(t["thumbnail"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers()["content-type"], "image/svg+xml");
    assert!(res.text().await.unwrap().starts_with("<svg"));
    let res = s
        .http
        .get(t["preview_url"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert!(
        res.text().await.unwrap().contains("<animate"),
        "video previews move"
    );
    let res = s
        .http
        .get(s.url("/static/seed/nothing-here.svg"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);
}
