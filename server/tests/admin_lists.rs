//! The console's item editors of the list-shaped content (docs/operations.md#editing-content,
//! `admin/content_lists.rs`): an admin edits an explore item in two languages, unpublishes and
//! reorders items, renames and reorders music presets, edits experiments and promotions, uploads
//! an item's picture; the public calls show each change at once; bad edits are refused naming
//! the field; every change is in the audit trail with its before and after. The same tests run
//! on PostgreSQL when DATABASE_URL names one (scripts/test.sh).

use crate::common;
use crate::media_support;

use common::TestServer;
use media_support::pool;
use serde_json::{Value, json};

async fn make_admin(s: &TestServer, email: &str) -> String {
    let token = s.register(email).await;
    sqlx::query("UPDATE users SET role = 'admin' WHERE email = $1")
        .bind(email)
        .execute(&pool(s))
        .await
        .unwrap();
    token
}

/// `GET path` with `X-Lang: lang`; the body.
async fn get_lang(s: &TestServer, path: &str, lang: &str) -> Value {
    let res = s
        .http
        .get(s.url(path))
        .header("X-Lang", lang)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200, "{path}");
    res.json().await.unwrap()
}

/// The list `kind/list` as the console shows it.
async fn list(s: &TestServer, admin: &str, path: &str) -> Value {
    let (status, body) = s.get(&format!("/v1/admin/lists/{path}"), Some(admin)).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

fn row<'a>(view: &'a Value, id: &str) -> &'a Value {
    view["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == id)
        .unwrap()
}

fn ids(view: &Value) -> Vec<String> {
    view["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect()
}

async fn last_audit(s: &TestServer, admin: &str) -> Value {
    let (status, body) = s.get("/v1/admin/audit", Some(admin)).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["list"][0].clone()
}

fn public_ids(body: &Value) -> Vec<i64> {
    body["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn an_admin_edits_an_explore_item_in_two_languages() {
    let s = TestServer::start().await;
    let admin = make_admin(&s, "lists@example.com").await;
    let view = list(&s, &admin, "explore/items").await;
    assert_eq!(view["orderable"], true);
    assert_eq!(view["publishable"], true);
    assert_eq!(view["slots"], json!(["picture", "video"]));
    let version = view["version"].as_i64().unwrap();
    let r = row(&view, "1421");
    assert_eq!(r["published"], true, "seeded items are published");
    assert_eq!(r["missing"]["title"], json!([]), "the seed is complete");

    let mut item = r["item"].clone();
    item["title"] = json!("An old sea captain");
    item["title_i18n"]["de"] = json!("Ein alter Kapitän");
    item["title_i18n"].as_object_mut().unwrap().remove("jp");
    let (status, body) = s
        .post(
            "/v1/admin/lists/explore/items/items/1421",
            Some(&admin),
            json!({"version": version, "item": item}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["version"], version + 1);
    let info = |lang| get_lang(&s, "/v1/workflow/explore/info?id=1421", lang);
    assert_eq!(info("en").await["data"]["title"], "An old sea captain");
    assert_eq!(info("de").await["data"]["title"], "Ein alter Kapitän");
    assert_eq!(info("jp").await["data"]["title"], "An old sea captain");
    let view = list(&s, &admin, "explore/items").await;
    assert_eq!(row(&view, "1421")["missing"]["title"], json!(["jp"]));

    let e = last_audit(&s, &admin).await;
    assert_eq!(e["action"], "content_item");
    assert_eq!(e["target"], "explore:items:1421");
    assert!(e["before"].as_str().unwrap().contains("old sailor"), "{e}");
    assert!(e["after"].as_str().unwrap().contains("Kapitän"), "{e}");

    // Made on an older version: refused (409), nothing changes.
    let (status, body) = s
        .post(
            "/v1/admin/lists/explore/items/items/1421",
            Some(&admin),
            json!({"version": version, "item": item}),
        )
        .await;
    assert_eq!(status, 409, "{body}");

    // Refusals name the item and field.
    let mut bad = item.clone();
    bad["likes"] = json!("many");
    let mut bad_ratio = item.clone();
    bad_ratio["ratio"] = json!("7:5");
    for (path, body, names) in [
        (
            "/v1/admin/lists/explore/items/items/1421",
            json!({"item": bad}),
            "likes",
        ),
        (
            "/v1/admin/lists/explore/items/items/1421",
            json!({"item": bad_ratio}),
            "item 1421: unknown ratio",
        ),
        (
            "/v1/admin/lists/explore/items/items/1422",
            json!({"item": item}),
            "item.id",
        ),
        (
            "/v1/admin/lists/explore/items/items/-3",
            json!({"item": {}}),
            "id",
        ),
        (
            "/v1/admin/lists/explore/items/items/1421",
            json!({"item": [1]}),
            "item",
        ),
        (
            "/v1/admin/lists/explore/zones/items/1/published",
            json!({"published": false}),
            "list",
        ),
        (
            "/v1/admin/lists/experiments/tests/items/pricing_plan",
            json!({"item": 9}),
            "pricing_plan needs 2 to 8 groups",
        ),
    ] {
        let (status, answer) = s.post(path, Some(&admin), body).await;
        assert_eq!(status, 400, "{path}: {answer}");
        let msg = answer["msg"].as_str().unwrap();
        assert!(msg.contains(names), "{msg:?} names {names}");
    }
    let (status, body) = s.get("/v1/admin/lists/explore/nothing", Some(&admin)).await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(info("de").await["data"]["title"], "Ein alter Kapitän");
}

#[tokio::test]
async fn unpublished_items_leave_the_site_and_the_order_is_the_admins() {
    let s = TestServer::start().await;
    let admin = make_admin(&s, "order@example.com").await;
    let all = public_ids(&get_lang(&s, "/v1/workflow/explore/list?page_size=100", "en").await);
    assert!(all.contains(&1420), "{all:?}");

    let (status, body) = s
        .post(
            "/v1/admin/lists/explore/items/items/1420/published",
            Some(&admin),
            json!({"published": false}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let now = public_ids(&get_lang(&s, "/v1/workflow/explore/list?page_size=100", "en").await);
    assert!(!now.contains(&1420), "{now:?}");
    assert_eq!(now.len(), all.len() - 1);
    let (status, _) = s.get("/v1/workflow/explore/info?id=1420", None).await;
    assert_eq!(status, 404);
    let zone = get_lang(&s, "/v1/workflow/zone/info?id=1", "en").await;
    assert!(!public_ids(&zone).contains(&1420), "{zone}");
    assert_eq!(
        zone["data"]["total"].as_u64().unwrap() as usize,
        public_ids(&zone).len()
    );
    let e = last_audit(&s, &admin).await;
    assert_eq!(e["action"], "content_unpublish");
    assert_eq!(e["before"], r#"{"published":true}"#);
    assert_eq!(e["after"], r#"{"published":false}"#);
    let view = list(&s, &admin, "explore/items").await;
    assert_eq!(row(&view, "1420")["published"], false);

    // The explore list in a new order: the last item first.
    let mut order = ids(&view);
    let last = order.pop().unwrap();
    order.insert(0, last.clone());
    let (status, body) = s
        .post(
            "/v1/admin/lists/explore/items/order",
            Some(&admin),
            json!({"version": view["version"], "ids": order}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let now = public_ids(&get_lang(&s, "/v1/workflow/explore/list?page_size=100", "en").await);
    assert_eq!(now[0].to_string(), last);
    assert_eq!(last_audit(&s, &admin).await["action"], "content_order");
    let (status, body) = s
        .post(
            "/v1/admin/lists/explore/items/order",
            Some(&admin),
            json!({"ids": [last]}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["msg"].as_str().unwrap().starts_with("ids"), "{body}");

    // Ads: unpublished ones are not served.
    let (status, body) = s
        .post(
            "/v1/admin/lists/ads/desktop/items/studio_footer/published",
            Some(&admin),
            json!({"published": false}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let ads = get_lang(&s, "/v1/common/ad", "en").await;
    let modules: Vec<&str> = ads["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["module"].as_str().unwrap())
        .collect();
    assert!(!modules.contains(&"studio_footer"), "{ads}");
    assert!(modules.contains(&"main_header"), "{ads}");
}

/// The music presets of the text-to-music screen, in their order, titled in `lang`.
async fn music_titles(s: &TestServer, lang: &str) -> Vec<String> {
    let body = get_lang(
        s,
        "/v1/prompt/category-and-presets?algorithm=txt2Music",
        lang,
    )
    .await;
    body["data"]["list"][0]["presets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["title"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn music_presets_experiments_and_promotions_are_edited_item_by_item() {
    let s = TestServer::start().await;
    let admin = make_admin(&s, "music@example.com").await;
    let view = list(&s, &admin, "prompts/music").await;
    assert_eq!(view["publishable"], true);
    let first = ids(&view)[0].clone();
    let mut item = row(&view, &first)["item"].clone();
    item["title_i18n"]["fr"] = json!("Lo-fi doux");
    let (status, body) = s
        .post(
            &format!("/v1/admin/lists/prompts/music/items/{first}"),
            Some(&admin),
            json!({"item": item}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(music_titles(&s, "fr").await[0], "Lo-fi doux");

    let mut order = ids(&view);
    order.reverse();
    let (status, body) = s
        .post(
            "/v1/admin/lists/prompts/music/order",
            Some(&admin),
            json!({"ids": order}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(music_titles(&s, "fr").await.last().unwrap(), "Lo-fi doux");

    // An unpublished preset leaves the creation screen's list, and comes back.
    let before = music_titles(&s, "fr").await.len();
    for published in [false, true] {
        let (status, body) = s
            .post(
                &format!("/v1/admin/lists/prompts/music/items/{first}/published"),
                Some(&admin),
                json!({ "published": published }),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let titles = music_titles(&s, "fr").await;
        assert_eq!(titles.contains(&"Lo-fi doux".to_owned()), published);
        assert_eq!(titles.len(), if published { before } else { before - 1 });
    }

    // Experiments are a map of codes to a number of groups.
    let view = list(&s, &admin, "experiments/tests").await;
    assert_eq!(row(&view, "login_test")["item"], 2);
    let (status, body) = s
        .post(
            "/v1/admin/lists/experiments/tests/items/login_test",
            Some(&admin),
            json!({"item": 3}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = s
        .post(
            "/v1/admin/lists/experiments/tests/order",
            Some(&admin),
            json!({"ids": []}),
        )
        .await;
    assert_eq!(status, 400, "a map has no order: {body}");
    let e = last_audit(&s, &admin).await;
    assert_eq!(
        (e["before"].as_str(), e["after"].as_str()),
        (Some("2"), Some("3"))
    );

    // A new promotion is added under its name.
    let (status, body) = s
        .post(
            "/v1/admin/lists/activities/activities/items/spring_free",
            Some(&admin),
            json!({"item": {"title": "Spring", "credits": 15, "valid_days": 0, "ends_at": 1924992000}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let view = list(&s, &admin, "activities/activities").await;
    assert_eq!(row(&view, "spring_free")["item"]["credits"], 15);
    assert_eq!(last_audit(&s, &admin).await["before"], "null");
}

fn png() -> Vec<u8> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, 1, 1);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut w = enc.write_header().unwrap();
    w.write_image_data(&[0, 128, 255]).unwrap();
    w.finish().unwrap();
    out
}

async fn upload(s: &TestServer, admin: &str, path: &str, bytes: Vec<u8>) -> (u16, Value) {
    let res = s
        .http
        .post(s.url(&format!("/v1/admin/media/{path}")))
        .bearer_auth(admin)
        .header("Content-Type", "application/octet-stream")
        .body(bytes)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn an_items_uploaded_picture_replaces_the_drawn_one() {
    let s = TestServer::start().await;
    let admin = make_admin(&s, "media@example.com").await;
    for (path, names) in [
        ("explore/items/1421/audio", "slot"),
        ("prompts/music/m-lofi/picture", "slot"),
        ("explore/items/1421/picture", "body"),
    ] {
        let bytes = if names == "body" {
            b"<svg></svg>".to_vec()
        } else {
            png()
        };
        let (status, body) = upload(&s, &admin, path, bytes).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert!(body["msg"].as_str().unwrap().starts_with(names), "{body}");
    }
    let (status, body) = upload(&s, &admin, "explore/items/99999/picture", png()).await;
    assert_eq!(status, 404, "{body}");

    let (status, body) = upload(&s, &admin, "explore/items/1421/picture", png()).await;
    assert_eq!(status, 200, "{body}");
    let url = body["data"]["url"].as_str().unwrap().to_owned();
    assert!(
        url.starts_with("/static/content/explore-items-1421-picture-"),
        "{url}"
    );
    let info = get_lang(&s, "/v1/workflow/explore/info?id=1421", "en").await;
    let thumb = info["data"]["thumbnail"].as_str().unwrap();
    assert!(thumb.ends_with(&url), "{thumb}");
    let res = s.http.get(s.url(&url)).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.bytes().await.unwrap().to_vec(), png());
    let e = last_audit(&s, &admin).await;
    assert_eq!(e["action"], "content_media");
    assert_eq!(e["target"], "explore:items:1421");

    let (status, body) = upload(&s, &admin, "ads/wap/main_header/picture", png()).await;
    assert_eq!(status, 200, "{body}");
    let ads = get_lang(&s, "/v1/common/ad?client=wap", "en").await;
    let thumb = ads["data"][0]["white_thumbnail"].as_str().unwrap();
    assert!(
        thumb.contains("/static/content/ads-wap-main_header-picture-"),
        "{ads}"
    );
}

#[tokio::test]
async fn the_library_and_new_items_are_served_and_drawn_from_the_edited_content() {
    let s = TestServer::start().await;
    let admin = make_admin(&s, "library@example.com").await;
    let view = list(&s, &admin, "resources/resources").await;
    let mut item = row(&view, "501")["item"].clone();
    item["name"] = json!("Golden Hour Beach");
    let (status, body) = s
        .post(
            "/v1/admin/lists/resources/resources/items/501",
            Some(&admin),
            json!({"item": item}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, info) = s.get("/v1/workflow/resource/info?id=501", None).await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(info["data"]["name"], "Golden Hour Beach");
    let res = s
        .http
        .get(s.url("/static/seed/res-501.svg"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert!(
        res.text().await.unwrap().contains("Hour Beach"),
        "the label is drawn on two lines"
    );
    let mut bad = item.clone();
    bad["type"] = json!("sound");
    let (status, body) = s
        .post(
            "/v1/admin/lists/resources/resources/items/501",
            Some(&admin),
            json!({"item": bad}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["msg"].as_str().unwrap().contains("resource 501: type"),
        "{body}"
    );

    // A new explore item is listed and its picture drawn, without an upload.
    let (status, body) = s
        .post(
            "/v1/admin/lists/explore/items/items/1500",
            Some(&admin),
            json!({"item": {"title": "A glass city", "prompt": "a glass city", "media": "image",
                "algorithm": "text2image", "ratio": "1:1", "recommend": 0, "likes": 0, "author": "Ada"}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let info = get_lang(&s, "/v1/workflow/explore/info?id=1500", "fr").await;
    assert_eq!(info["data"]["title"], "A glass city");
    let thumb = info["data"]["thumbnail"].as_str().unwrap();
    let path = &thumb[thumb.find("/static/").unwrap()..];
    let res = s.http.get(s.url(path)).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200, "{path}");
    let view = list(&s, &admin, "explore/items").await;
    assert_eq!(ids(&view).last().unwrap(), "1500");
    assert_eq!(
        row(&view, "1500")["missing"]["title"]
            .as_array()
            .unwrap()
            .len(),
        7
    );
}
