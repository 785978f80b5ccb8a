//! Uploads over real HTTP: grants, signed upload and download URLs, media info, quotas, ownership.

use crate::common;
use crate::media_support;

use common::TestServer;
use media_support::{fetch, png, pool, set_plan, upload, user_id};
use serde_json::Value;

#[tokio::test]
async fn upload_sign_download_and_mediainfo() {
    let s = TestServer::start().await;
    let token = s.register("uma@example.com").await;
    let (status, grant) = s
        .get(
            "/v1/common/oss/token?algorithm=mai_imagesharpen&ext=png",
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{grant}");
    let g = &grant["data"];
    assert_eq!(g["method"], "PUT");
    assert_eq!(g["headers"]["Content-Type"], "image/png");
    assert!(g["oss_path"].as_str().unwrap().ends_with(".png"));
    assert!(g["expires_at"].as_i64().unwrap() > aivg_server::clock::now_s());
    assert_eq!(g["quota"]["limit"], 500_000_000, "free plan: 500 MB");
    assert!(g["max_bytes"].as_i64().unwrap() <= 200_000_000);

    let bytes = png(12, 8);
    let url = g["upload_url"].as_str().unwrap();
    let res = s.http.put(url).body(bytes.clone()).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["data"]["size"], bytes.len());
    assert_eq!(body["data"]["content_type"], "image/png");
    // A grant is used once.
    let res = s.http.put(url).body(bytes.clone()).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 409);

    let path = g["oss_path"].as_str().unwrap();
    let (status, signed) = s
        .get(
            &format!("/v1/common/oss/sign?oss_path={path}"),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{signed}");
    let (status, headers, got) = fetch(&s, signed["data"]["url"].as_str().unwrap()).await;
    assert_eq!(status, 200);
    assert_eq!(got, bytes);
    assert_eq!(headers["content-type"], "image/png");
    assert_eq!(headers["content-disposition"], "inline");
    // A user's file keeps its own stricter policy: the site-wide one does not replace it.
    assert_eq!(headers["content-security-policy"], "sandbox");

    let (_, signed) = s
        .get(
            &format!("/v1/common/oss/sign?oss_path={path}&dispose=attachment"),
            Some(&token),
        )
        .await;
    let (status, headers, _) = fetch(&s, signed["data"]["url"].as_str().unwrap()).await;
    assert_eq!(status, 200);
    assert!(
        headers["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment")
    );

    // Ranges, for video seeking.
    let res = s
        .http
        .get(signed["data"]["url"].as_str().unwrap())
        .header("Range", "bytes=0-7")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 206);
    assert_eq!(res.bytes().await.unwrap().as_ref(), &bytes[..8]);

    let (status, info) = s
        .get(
            &format!("/v1/common/oss/mediainfo?oss_path={path}"),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(info["data"]["width"], 12);
    assert_eq!(info["data"]["height"], 8);
    assert_eq!(info["data"]["size"], bytes.len());
    assert_eq!(info["data"]["ext"], "png");
    assert_eq!(info["data"]["media_type"], "image");
}

#[tokio::test]
async fn signed_urls_refuse_tampering() {
    let s = TestServer::start().await;
    let token = s.register("vic@example.com").await;
    let path = upload(&s, &token, "text2image", "png", png(4, 4)).await;
    let (_, signed) = s
        .get(
            &format!("/v1/common/oss/sign?oss_path={path}"),
            Some(&token),
        )
        .await;
    let url = signed["data"]["url"].as_str().unwrap().to_owned();
    let (status, _, _) = fetch(&s, &url.replace("sig=", "sig=00")).await;
    assert_eq!(status, 403);
    let (status, _, _) = fetch(&s, &format!("{url}&dispose=attachment")).await;
    assert_eq!(status, 403, "the disposition is signed too");
    let expires = url
        .split("expires=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap();
    let later = expires.parse::<i64>().unwrap() + 1;
    let (status, _, _) = fetch(
        &s,
        &url.replace(&format!("expires={expires}"), &format!("expires={later}")),
    )
    .await;
    assert_eq!(status, 403);
    let (status, _, _) = fetch(&s, &s.url(&format!("/oss/file/{path}"))).await;
    assert_eq!(status, 403, "unsigned");
    // An upload URL without a grant.
    let res = s
        .http
        .put(s.url(&format!("/oss/upload/{path}x?expires=9999999999&sig=ab")))
        .body("x")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 403);
}

#[tokio::test]
async fn another_users_path_is_not_found() {
    let s = TestServer::start().await;
    let alice = s.register("alice@example.com").await;
    let bob = s.register("bob@example.com").await;
    let path = upload(&s, &alice, "text2image", "png", png(4, 4)).await;
    let (status, body) = s
        .get(&format!("/v1/common/oss/sign?oss_path={path}"), Some(&bob))
        .await;
    assert_eq!(status, 404, "{body}");
    let (status, _) = s
        .get(
            &format!("/v1/common/oss/mediainfo?oss_path={path}"),
            Some(&bob),
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = s
        .get(
            "/v1/common/oss/sign?oss_path=users/nobody/uploads/x/y.png",
            Some(&alice),
        )
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn upload_over_quota_answers_the_drive_space_code() {
    let s = TestServer::start().await;
    let token = s.register("quinn@example.com").await;
    // 499.99 MB already used by an earlier upload.
    let id = user_id(&s, "quinn@example.com").await;
    sqlx::query(
        "INSERT INTO objects (user_id, oss_path, origin, task_id, size, content_type, created_ms) VALUES ($1, $2, 'upload', '', $3, 'video/mp4', 0)",
    )
    .bind(id)
    .bind("users/quinn/uploads/big.mp4")
    .bind(499_990_000_i64)
    .execute(&pool(&s))
    .await
    .unwrap();

    let (status, body) = s
        .get(
            "/v1/common/oss/token?algorithm=image2video&ext=png&size=20000",
            Some(&token),
        )
        .await;
    assert_eq!(status, 507, "{body}");
    assert_eq!(body["code"], aivg_server::uploads::CODE_NOT_ENOUGH_SPACE);
    assert!(
        body["msg"]
            .as_str()
            .unwrap()
            .starts_with("Remaining cloud storage not enough")
    );

    // Without a declared size the grant comes, and the upload itself is refused.
    let (status, grant) = s
        .get(
            "/v1/common/oss/token?algorithm=image2video&ext=png",
            Some(&token),
        )
        .await;
    assert_eq!(status, 200);
    let res = s
        .http
        .put(grant["data"]["upload_url"].as_str().unwrap())
        .body(vec![0u8; 20_000])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 507);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], aivg_server::uploads::CODE_NOT_ENOUGH_SPACE);
    let (status, _) = s
        .get(
            &format!(
                "/v1/common/oss/sign?oss_path={}",
                grant["data"]["oss_path"].as_str().unwrap()
            ),
            Some(&token),
        )
        .await;
    assert_eq!(status, 404, "nothing was stored");

    // A standard plan has 10 GB.
    set_plan(&s, "quinn@example.com", "standard").await;
    let (status, body) = s
        .get(
            "/v1/common/oss/token?algorithm=image2video&ext=png&size=20000",
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["quota"]["limit"], 10_000_000_000_i64);
}

#[tokio::test]
async fn bad_input_names_the_field() {
    let s = TestServer::start().await;
    let token = s.register("bea@example.com").await;
    for (query, field) in [
        ("/v1/common/oss/token", "algorithm"),
        ("/v1/common/oss/token?algorithm=a/b", "algorithm"),
        ("/v1/common/oss/token?algorithm=text2image&ext=exe", "ext"),
        ("/v1/common/oss/token?algorithm=text2image&size=abc", "size"),
        (
            "/v1/common/oss/token?algorithm=text2image&size=900000000",
            "size",
        ),
        ("/v1/common/oss/sign", "oss_path"),
        ("/v1/common/oss/sign?oss_path=../../etc/passwd", "oss_path"),
        (
            "/v1/common/oss/sign?oss_path=users/x/y.png&dispose=maybe",
            "dispose",
        ),
        ("/v1/common/oss/mediainfo", "oss_path"),
    ] {
        let (status, body) = s.get(query, Some(&token)).await;
        assert_eq!(status, 400, "{query}: {body}");
        assert!(
            body["msg"].as_str().unwrap().starts_with(field),
            "{query}: {body}"
        );
    }
    let (status, body) = s
        .get("/v1/common/oss/token?algorithm=text2image", None)
        .await;
    assert_eq!(status, 401);
    assert_eq!(body["code"], 140_013);
}

#[tokio::test]
async fn video_mediainfo_without_a_probe_has_a_note() {
    let s =
        media_support::start_with(|cfg| cfg.uploads.ffprobe = Some("/nonexistent/ffprobe".into()))
            .await;
    let token = s.register("vera@example.com").await;
    let path = upload(
        &s,
        &token,
        "video2video",
        "mp4",
        b"not really a video".to_vec(),
    )
    .await;
    let (status, info) = s
        .get(
            &format!("/v1/common/oss/mediainfo?oss_path={path}"),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(info["data"]["width"], 0);
    assert_eq!(info["data"]["ext"], "mp4");
    assert_eq!(info["data"]["media_type"], "video");
    assert!(
        info["data"]["note"]
            .as_str()
            .unwrap()
            .contains("ffprobe is not installed")
    );
}

#[tokio::test]
async fn content_type_comes_from_the_header_when_the_path_has_none() {
    let s = TestServer::start().await;
    let token = s.register("hal@example.com").await;
    let (_, grant) = s
        .get("/v1/common/oss/token?algorithm=tool_gb", Some(&token))
        .await;
    let res = s
        .http
        .put(grant["data"]["upload_url"].as_str().unwrap())
        .header("Content-Type", "image/png")
        .body(png(3, 5))
        .send()
        .await
        .unwrap();
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["data"]["content_type"], "image/png", "{body}");
    let path = grant["data"]["oss_path"].as_str().unwrap();
    let (_, info) = s
        .get(
            &format!("/v1/common/oss/mediainfo?oss_path={path}"),
            Some(&token),
        )
        .await;
    assert_eq!(info["data"]["width"], 3);
    assert_eq!(info["data"]["ext"], "png");
    // HTML is never served as HTML.
    let (_, grant) = s
        .get("/v1/common/oss/token?algorithm=tool_gb", Some(&token))
        .await;
    s.http
        .put(grant["data"]["upload_url"].as_str().unwrap())
        .header("Content-Type", "text/html")
        .body("<script>alert(1)</script>")
        .send()
        .await
        .unwrap();
    let path = grant["data"]["oss_path"].as_str().unwrap();
    let (_, signed) = s
        .get(
            &format!("/v1/common/oss/sign?oss_path={path}"),
            Some(&token),
        )
        .await;
    let (status, headers, _) = fetch(&s, signed["data"]["url"].as_str().unwrap()).await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "application/octet-stream");
    assert!(
        headers["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment")
    );
}
