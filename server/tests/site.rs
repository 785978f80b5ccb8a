//! The site area over real HTTP: CMS data and redirect rules, country, experiments, promotions,
//! reports, template/explore/zone/library lists, prompts, ads and the files the SPA fetches.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;
use aivg_core::request::cms_cache_key;
use common::TestServer;
use serde_json::{Value, json};

fn assert_field_error(status: u16, body: &Value, field: &str) {
    assert!((400..500).contains(&status), "{status} {body}");
    assert_ne!(body["code"], 0, "{body}");
    let msg = body["msg"].as_str().unwrap();
    assert!(msg.contains(field), "message {msg:?} names {field}");
}

async fn cms(s: &TestServer, path: &str) -> (u16, Value) {
    s.get(&format!("/api/cms-data/{}", cms_cache_key(path)), None)
        .await
}

#[tokio::test]
async fn cms_data_by_key_and_redirect_rules() {
    let s = TestServer::start().await;
    let (status, body) = cms(&s, "/home").await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    assert!(
        data["tdk"]["title"]
            .as_str()
            .unwrap()
            .contains("AI Video Generator")
    );
    assert!(!data["tdk"]["description"].as_str().unwrap().is_empty());
    assert!(!data["tdk"]["keywords"].as_str().unwrap().is_empty());
    assert!(data["content"].as_str().unwrap().contains("<section"));
    assert!(data["head"].is_string() && data["bottom"].is_string());
    assert!(data.get("redirect").is_none());

    let (_, body) = cms(&s, "/de/home").await;
    assert!(
        body["data"]["tdk"]["title"]
            .as_str()
            .unwrap()
            .starts_with("KI-")
    );
    let (_, body) = cms(&s, "/text-to-video/").await;
    assert!(
        body["data"]["tdk"]["title"]
            .as_str()
            .unwrap()
            .contains("Text to Video"),
        "a trailing / is ignored"
    );
    let (_, body) = cms(&s, "/jp/home").await;
    assert_eq!(body["data"], Value::Null, "no English fallback");
    let (status, body) = cms(&s, "/no/such/page").await;
    assert_eq!(status, 200);
    assert_eq!(body["code"], 0);
    assert_eq!(body["data"], Value::Null);

    let (_, body) = cms(&s, "/red1-to-home").await;
    assert_eq!(
        body["data"]["redirect"],
        json!({"to": "/home", "external": false})
    );
    let (_, body) = cms(&s, "/de/red1-to-t2v").await;
    assert_eq!(
        body["data"]["redirect"],
        json!({"to": "/de/text-to-video", "external": false})
    );
    let (_, body) = cms(&s, "/ai/red2-to-ai-root").await;
    assert_eq!(body["data"]["redirect"]["external"], true);
    assert!(
        body["data"]["redirect"]["to"]
            .as_str()
            .unwrap()
            .starts_with("https://")
    );

    // A standard-alphabet or padded key works too; a broken one names the key.
    let (_, body) = s.get("/api/cms-data/L2hvbWU=", None).await;
    assert!(body["data"]["tdk"]["title"].is_string());
    let (status, body) = s.get("/api/cms-data/%21%21%21", None).await;
    assert_field_error(status, &body, "key");
    let (status, body) = s
        .get(&format!("/api/cms-data/{}", cms_cache_key("home")), None)
        .await;
    assert_field_error(status, &body, "key");
}

#[tokio::test]
async fn country_from_the_configured_header() {
    let s = TestServer::start().await;
    let (_, body) = s.get("/v1/common/country", None).await;
    assert_eq!(body["data"]["country"], "US", "the default country");
    let res = s
        .http
        .get(s.url("/v1/common/country"))
        .header("x-country", "fr")
        .send()
        .await
        .unwrap();
    assert_eq!(res.json::<Value>().await.unwrap()["data"]["country"], "FR");
    let res = s
        .http
        .get(s.url("/v1/common/country"))
        .header("x-country", "France")
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.json::<Value>().await.unwrap()["data"]["country"],
        "US",
        "not a country code"
    );

    // Another header name and default, from the configuration.
    let dir = tempfile::tempdir().unwrap();
    let mut cfg = s.cfg.clone();
    cfg.data_dir = dir.path().to_path_buf();
    cfg.country_header = "cf-ipcountry".into();
    cfg.default_country = "GB".into();
    let other = TestServer::start_with(dir, cfg).await;
    let (_, body) = other.get("/v1/common/country", None).await;
    assert_eq!(body["data"]["country"], "GB");
    let res = other
        .http
        .get(other.url("/v1/common/country"))
        .header("cf-ipcountry", "BR")
        .send()
        .await
        .unwrap();
    assert_eq!(res.json::<Value>().await.unwrap()["data"]["country"], "BR");
}

#[tokio::test]
async fn ab_test_assignment_is_stable() {
    let s = TestServer::start().await;
    let mut plans = Vec::new();
    for user in 0..40 {
        let (status, body) = s
            .get(
                &format!("/v1/common/ab-test?test_code=pricing_plan&user_id=u{user}"),
                None,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let plan = body["data"]["plan"].as_i64().unwrap();
        assert!((1..=4).contains(&plan));
        plans.push(plan);
    }
    assert!(
        (1..=4).all(|p| plans.contains(&p)),
        "every group is used: {plans:?}"
    );
    let (_, body) = s
        .get(
            "/v1/common/ab-test?test_code=login_test&user_id=u1&extra=%7B%7D",
            None,
        )
        .await;
    assert!((1..=2).contains(&body["data"]["plan"].as_i64().unwrap()));

    let s = s.restart().await;
    for (user, plan) in plans.iter().enumerate() {
        let (_, body) = s
            .get(
                &format!("/v1/common/ab-test?test_code=pricing_plan&user_id=u{user}"),
                None,
            )
            .await;
        assert_eq!(
            body["data"]["plan"], *plan,
            "stable across requests and restarts"
        );
    }

    // The signed-in user's uid, or the client serial header, is the subject without user_id.
    let token = s.register("ab@example.com").await;
    let (_, a) = s
        .get("/v1/common/ab-test?test_code=free_trial", Some(&token))
        .await;
    let (_, b) = s
        .get("/v1/common/ab-test?test_code=free_trial", Some(&token))
        .await;
    assert_eq!(a["data"]["plan"], b["data"]["plan"]);
    let res = s
        .http
        .get(s.url("/v1/common/ab-test?test_code=free_trial"))
        .header("X-Client-Sn", "abc123")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);

    let (status, body) = s
        .get("/v1/common/ab-test?test_code=nope&user_id=u1", None)
        .await;
    assert_field_error(status, &body, "test_code");
    let (status, body) = s.get("/v1/common/ab-test?user_id=u1", None).await;
    assert_field_error(status, &body, "test_code");
    let (status, body) = s.get("/v1/common/ab-test?test_code=login_test", None).await;
    assert_field_error(status, &body, "user_id");
}

#[tokio::test]
async fn activity_apply_once() {
    let s = TestServer::start().await;
    let (status, _) = s
        .post("/v1/activity/apply", None, json!({"code": "nano2_free"}))
        .await;
    assert_eq!(status, 401);
    let token = s.register("promo@example.com").await;
    let (status, body) = s
        .post(
            "/v1/activity/apply",
            Some(&token),
            json!({"code": "nano2_free"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["state"], 1);
    assert_eq!(s.balance(&token).await, 25);
    let (_, body) = s
        .post(
            "/v1/activity/apply",
            Some(&token),
            json!({"code": "nano2_free"}),
        )
        .await;
    assert_eq!(body["data"]["state"], 3);
    assert_eq!(s.balance(&token).await, 25, "a duplicate grants nothing");
    let (_, body) = s.get("/v1/credit/history", Some(&token)).await;
    assert!(body["data"]["list"][0]["expire_time"].as_i64().unwrap() > 0);
    let (_, body) = s
        .post(
            "/v1/activity/apply",
            Some(&token),
            json!({"code": "nano1_free"}),
        )
        .await;
    assert_eq!(body["data"]["state"], 5, "ended");

    let (status, body) = s
        .post(
            "/v1/activity/apply",
            Some(&token),
            json!({"code": "mystery"}),
        )
        .await;
    assert_field_error(status, &body, "code");
    let (status, body) = s.post("/v1/activity/apply", Some(&token), json!({})).await;
    assert_field_error(status, &body, "code");
    let (status, body) = s
        .post("/v1/activity/apply", Some(&token), json!({"code": 5}))
        .await;
    assert_field_error(status, &body, "code");
    let (_, body) = s.get("/v1/common/marketing", None).await;
    assert_eq!(body["data"]["campaign"]["activity"], "nano2_free");
    assert_eq!(body["data"]["campaign"]["active"], true);
}

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
        let next = aivg_core::progress::template_load_more(loaded, 62, false).map(|q| q.page);
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
    let (_, body) = s.get("/v1/workflow/explore/list", None).await;
    assert_eq!(body["data"]["paginate"]["total"], 40);
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

#[tokio::test]
async fn ads_prompts_and_marketing() {
    let s = TestServer::start().await;
    let (_, body) = s.get("/v1/common/ad?client=", None).await;
    let items: Vec<aivg_core::ads::AdItem> = serde_json::from_value(body["data"].clone()).unwrap();
    assert!(aivg_core::ads::header_ad_item(&items).is_some());
    let (_, body) = s.get("/v1/common/ad?client=wap", None).await;
    let wap = body["data"].as_array().unwrap();
    assert!(wap.iter().any(|a| a["module"] == "hooks_banner_mobile"));
    let res = s
        .http
        .get(wap[0]["white_thumbnail"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let (status, body) = s.get("/v1/common/ad?client=tv", None).await;
    assert_field_error(status, &body, "client");
    let (status, body) = s.get("/v1/common/marketing?client=wap", None).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["coupon"]["percent"], 15);
    assert_eq!(body["data"]["free_trial"]["days"], 3);

    let (_, body) = s.get("/v1/common/prompt_sample?key=text2video", None).await;
    assert!(!body["data"]["list"].as_array().unwrap().is_empty());
    let (status, body) = s.get("/v1/common/prompt_sample", None).await;
    assert_field_error(status, &body, "key");
    let (status, body) = s.get("/v1/common/prompt_sample?key=poetry", None).await;
    assert_field_error(status, &body, "key");

    let (_, body) = s
        .get(
            "/v1/prompt/category-and-presets?algorithm=text2video&lang=de",
            None,
        )
        .await;
    let all: usize = body["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["presets"].as_array().unwrap().len())
        .sum();
    let (_, body) = s
        .get(
            "/v1/prompt/category-and-presets?algorithm=text2video&model_type=basic",
            None,
        )
        .await;
    let basic: usize = body["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["presets"].as_array().unwrap().len())
        .sum();
    assert!(basic < all, "presets made for another model are left out");
    let (status, body) = s
        .get(
            "/v1/prompt/category-and-presets?algorithm=text2video&lang=xx",
            None,
        )
        .await;
    assert_field_error(status, &body, "lang");
    let (status, body) = s.get("/v1/prompt/category-and-presets", None).await;
    assert_field_error(status, &body, "algorithm");

    // Music styles come with a cover picture the server draws; other presets have none.
    let (_, body) = s
        .get("/v1/prompt/category-and-presets?algorithm=txt2Music", None)
        .await;
    let style = &body["data"]["list"][0]["presets"][0];
    let cover = style["cover"].as_str().unwrap().to_owned();
    assert!(cover.starts_with("/static/seed/style-"), "{cover}");
    let res = s.http.get(s.url(&cover)).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let picture = res.text().await.unwrap();
    assert!(
        picture.contains(style["title"].as_str().unwrap()),
        "{picture}"
    );
    assert!(all > 0);

    let (_, body) = s.get("/v1/common/demo/list?key=bg-remover", None).await;
    let demo = &body["data"]["list"][0];
    let res = s
        .http
        .get(demo["before"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let (status, body) = s.get("/v1/common/demo/list?key=nope", None).await;
    assert_field_error(status, &body, "key");
    let (_, body) = s.get("/v1/ai/tts/voice", None).await;
    assert!(body["data"]["list"].as_array().unwrap().len() >= 10);
}

#[tokio::test]
async fn builds_and_icons() {
    let s = TestServer::start().await;
    let res = s
        .http
        .get(s.url("/builds/latest.json?1700000000000"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let latest: Value = res.json().await.unwrap();
    assert_eq!(latest["id"], "dev");
    assert!(latest["timestamp"].as_i64().unwrap() > 0);
    let meta: Value = s
        .http
        .get(s.url("/builds/meta/dev.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(meta["id"], "dev");
    assert_eq!(meta["prerendered"], json!([]));
    assert!(meta["matcher"].is_object());
    let res = s
        .http
        .get(s.url("/builds/meta/abc.json"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);

    for name in [
        "home", "explore", "effect", "video", "image", "music", "tools", "gift", "close", "menu",
        "globe", "user",
    ] {
        let res = s
            .http
            .get(s.url(&format!("/app_static/icons/{name}.svg")))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200, "{name}");
        assert_eq!(res.headers()["content-type"], "image/svg+xml");
    }
    let res = s
        .http
        .get(s.url("/app_static/icons/rocket.svg"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);

    // With a built SPA, its manifests are served as they are.
    let dir = tempfile::tempdir().unwrap();
    let spa = dir.path().join("dist");
    std::fs::create_dir_all(spa.join("builds/meta")).unwrap();
    std::fs::write(
        spa.join("builds/latest.json"),
        r#"{"id":"b42","timestamp":5}"#,
    )
    .unwrap();
    std::fs::write(
        spa.join("builds/meta/b42.json"),
        r#"{"id":"b42","timestamp":5,"matcher":{},"prerendered":["/home"]}"#,
    )
    .unwrap();
    std::fs::create_dir_all(spa.join("assets")).unwrap();
    std::fs::write(spa.join("assets/index-3f2a9c.js"), "console.log(1)").unwrap();
    std::fs::write(
        spa.join("index.html"),
        "<!doctype html><title>x</title><script>document.documentElement.dataset.theme='dark'</script><script type=\"module\" src=\"/assets/index-3f2a9c.js\"></script>",
    )
    .unwrap();
    let mut cfg = s.cfg.clone();
    cfg.data_dir = dir.path().join("data");
    cfg.static_dir = Some(spa);
    let built = TestServer::start_with(dir, cfg).await;
    // Hashed assets are cached for good; the page and the manifests are revalidated.
    let cache = |path: &'static str| {
        let req = built.http.get(built.url(path));
        async move {
            let res = req.send().await.unwrap();
            assert_eq!(res.status().as_u16(), 200, "{path}");
            res.headers()["cache-control"].to_str().unwrap().to_owned()
        }
    };
    assert_eq!(
        cache("/assets/index-3f2a9c.js").await,
        "public, max-age=31536000, immutable"
    );
    assert_eq!(cache("/home").await, "no-cache");
    // Security headers: the page's own inline script is allowed by its hash, nothing else inline;
    // no other site may frame it.
    let page = built.http.get(built.url("/home")).send().await.unwrap();
    let h = page.headers();
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["referrer-policy"], "strict-origin-when-cross-origin");
    let csp = h["content-security-policy"].to_str().unwrap().to_owned();
    assert!(csp.contains("frame-ancestors 'self'"), "{csp}");
    assert!(
        csp.contains("script-src 'self' 'wasm-unsafe-eval' 'sha256-"),
        "{csp}"
    );
    assert!(
        !csp.contains("'unsafe-inline' 'sha256")
            && !csp.contains("script-src 'self' 'unsafe-inline'"),
        "{csp}"
    );
    let api = built
        .http
        .get(built.url("/v1/nothing"))
        .send()
        .await
        .unwrap();
    assert_eq!(api.headers()["x-content-type-options"], "nosniff");
    assert_eq!(cache("/builds/latest.json").await, "no-cache");
    let missing = built
        .http
        .get(built.url("/assets/gone-123.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status().as_u16(), 404);
    let latest: Value = built
        .http
        .get(built.url("/builds/latest.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(latest["id"], "b42");
    let meta: Value = built
        .http
        .get(built.url("/builds/meta/b42.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(meta["prerendered"], json!(["/home"]));
}
