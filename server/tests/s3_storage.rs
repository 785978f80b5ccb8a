//! The object store on S3: uploads, downloads, signed URLs, multipart and cut-off uploads, and
//! task outputs, against the S3-compatible server at `AIVG_TEST_S3_URL` (`http://HOST:PORT/BUCKET`;
//! `bash scripts/s3.sh` starts moto and prints one; `npm test` does). Without it the tests say
//! they are skipped, except under `CI=true`, where they fail: CI must run them.
//! The bucket's side is checked through the S3 API; the listing of unfinished multipart uploads
//! is an anonymous request, which moto answers.

use crate::common;
use crate::media_support;
use crate::s3_support;

use aivg_server::uploads::signing::Action;
use common::poll_until;
use media_support::{create_ok, fetch, ffmpeg_ready, grant, png, upload, wait_done};
use s3_support::{grant_upload, noise, raw_put, s3, signed};
use serde_json::json;
use std::time::Duration;
use tokio::io::AsyncWriteExt;

#[tokio::test]
async fn uploads_land_in_the_bucket_and_signed_urls_guard_them() {
    let Some(s3) = s3() else { return };
    let s = s3.server().await;
    let token = s.register("s3-uma@example.com").await;
    let bytes = png(12, 8);
    let path = upload(&s, &token, "mai_imagesharpen", "png", bytes.clone()).await;
    let (stored, etag) = s3.object(&path).await.expect("the upload is in the bucket");
    assert_eq!(stored, bytes);
    assert!(
        !etag.contains('-'),
        "a small file goes up in one PUT: {etag}"
    );
    assert!(
        !s.dir.path().join("objects/users").exists(),
        "nothing on the local disk"
    );

    let (status, body) = signed(&s, &token, &path).await;
    assert_eq!(status, 200, "{body}");
    let url = body["data"]["url"].as_str().unwrap();
    let (status, headers, got) = fetch(&s, url).await;
    assert_eq!((status, got), (200, bytes.clone()));
    assert_eq!(headers["content-type"], "image/png");
    let res = s.http.get(url).header("Range", "bytes=4-9").send().await;
    let res = res.unwrap();
    assert_eq!(res.status().as_u16(), 206);
    assert_eq!(res.bytes().await.unwrap().as_ref(), &bytes[4..10]);
    let (status, info) = s
        .get(
            &format!("/v1/common/oss/mediainfo?oss_path={path}"),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(
        (
            info["data"]["width"].as_u64(),
            info["data"]["height"].as_u64()
        ),
        (Some(12), Some(8))
    );

    // Tampered, expired and unsigned URLs are refused.
    let (status, _, _) = fetch(&s, &url.replace("sig=", "sig=00")).await;
    assert_eq!(status, 403);
    let (status, _, _) = fetch(&s, &format!("{url}&dispose=attachment")).await;
    assert_eq!(status, 403);
    let signer = s.running.as_ref().unwrap().state.files.signer().clone();
    let past = aivg_server::clock::now_s() - 1;
    let sig = signer.sign(Action::Download, &path, past, "inline");
    let res = s
        .http
        .get(s.url(&format!("/oss/file/{path}?expires={past}&sig={sig}")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 403);
    assert!(res.text().await.unwrap().contains("expired"));
    let (status, _, _) = fetch(&s, &s.url(&format!("/oss/file/{path}"))).await;
    assert_eq!(status, 403);

    // An expired upload URL stores nothing; a used one is not used again.
    let (_, fresh, _) = grant_upload(&s, &token, "png").await;
    let sig = signer.sign(Action::Upload, &fresh, past, "");
    let res = s
        .http
        .put(s.url(&format!("/oss/upload/{fresh}?expires={past}&sig={sig}")))
        .body(bytes.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 403);
    assert!(s3.object(&fresh).await.is_none());
    let (url, again, _) = grant_upload(&s, &token, "png").await;
    let first = s.http.put(&url).body(png(2, 2)).send().await.unwrap();
    assert_eq!(first.status().as_u16(), 200);
    let second = s.http.put(&url).body(bytes.clone()).send().await.unwrap();
    assert_eq!(second.status().as_u16(), 409);
    assert_eq!(s3.object(&again).await.unwrap().0, png(2, 2));

    // An empty file is a file.
    let (url, empty, _) = grant_upload(&s, &token, "png").await;
    let res = s.http.put(&url).body(Vec::new()).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(s3.object(&empty).await.unwrap().0, Vec::<u8>::new());
}

#[tokio::test]
async fn large_uploads_go_up_in_parts() {
    let Some(s3) = s3() else { return };
    let s = s3.server().await;
    let token = s.register("s3-large@example.com").await;
    let part = aivg_server::uploads::PART_SIZE;
    let bytes = noise(2 * part + 12_345);
    let (url, path, _) = grant_upload(&s, &token, "mp4").await;
    let res = s.http.put(&url).body(bytes.clone()).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200, "{}", res.text().await.unwrap());
    let (stored, etag) = s3.object(&path).await.expect("the upload is in the bucket");
    assert!(stored == bytes, "the bucket holds the bytes sent");
    assert!(etag.contains("-3"), "a multipart upload of 3 parts: {etag}");
    assert_eq!(s3.unfinished_uploads(&path).await, 0);

    let (_, body) = signed(&s, &token, &path).await;
    let url = body["data"]["url"].as_str().unwrap();
    // A range across the first two parts.
    let (a, b) = (part - 10, part + 10);
    let res = s
        .http
        .get(url)
        .header("Range", format!("bytes={a}-{b}"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 206);
    assert_eq!(res.bytes().await.unwrap().as_ref(), &bytes[a..=b]);
    let (status, _, got) = fetch(&s, url).await;
    assert_eq!(status, 200);
    assert!(got == bytes, "the download is the upload");
}

#[tokio::test]
async fn an_interrupted_upload_leaves_nothing_and_charges_nothing() {
    let Some(s3) = s3() else { return };
    let s = s3.server().await;
    let token = s.register("s3-cut@example.com").await;
    let part = aivg_server::uploads::PART_SIZE;
    let (url, path, used) = grant_upload(&s, &token, "mp4").await;
    let bytes = noise(3 * part);

    // Announce 3 parts, send a bit more than 2, and hang up.
    let mut tcp = raw_put(&url, &format!("Content-Length: {}\r\n", bytes.len())).await;
    for chunk in bytes[..2 * part + 1000].chunks(64 * 1024) {
        tcp.write_all(chunk).await.unwrap();
    }
    poll_until(
        Duration::from_secs(60),
        Duration::from_millis(50),
        async || (s3.unfinished_uploads(&path).await > 0).then_some(()),
    )
    .await;
    assert_eq!(
        s3.unfinished_uploads(&path).await,
        1,
        "parts went up before the cut"
    );
    drop(tcp);

    assert_eq!(
        s3.settled_uploads(&path).await,
        0,
        "the cut-off multipart upload is aborted, its parts removed"
    );
    assert!(
        s3.object(&path).await.is_none(),
        "no object, whole or partial"
    );
    let (status, body) = signed(&s, &token, &path).await;
    assert_eq!(status, 404, "no file recorded: {body}");
    let (_, _, used_after) = grant_upload(&s, &token, "png").await;
    assert_eq!(used_after, used, "the quota is not charged");

    // The URL was not used up: the whole file can be sent again.
    let res = s.http.put(&url).body(bytes.clone()).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert!(s3.object(&path).await.unwrap().0 == bytes);
    let (_, _, used_after) = grant_upload(&s, &token, "png").await;
    assert_eq!(used_after, used + bytes.len() as i64);
}

#[tokio::test]
async fn an_upload_refused_half_way_leaves_no_parts() {
    let Some(s3) = s3() else { return };
    let s = s3.server().await;
    let email = "s3-full@example.com";
    let token = s.register(email).await;
    let part = aivg_server::uploads::PART_SIZE;
    // The free plan's 500 MB, all but a part and a half used.
    sqlx::query(
        "INSERT INTO objects (user_id, oss_path, origin, task_id, size, content_type, created_ms) VALUES ($1, 'users/x/uploads/a/big.mp4', 'upload', '', $2, 'video/mp4', 0)",
    )
    .bind(media_support::user_id(&s, email).await)
    .bind(500_000_000 - (part + part / 2) as i64)
    .execute(&media_support::pool(&s))
    .await
    .unwrap();
    let (url, path, _) = grant_upload(&s, &token, "mp4").await;
    // No Content-Length (chunked): the quota stops the body once its first part went up.
    let extra = "Transfer-Encoding: chunked\r\nConnection: close\r\n";
    let mut tcp = raw_put(&url, extra).await;
    for chunk in noise(3 * part).chunks(64 * 1024) {
        let frame = [format!("{:x}\r\n", chunk.len()).as_bytes(), chunk, b"\r\n"].concat();
        if tcp.write_all(&frame).await.is_err() {
            break;
        }
    }
    let _ = tcp.write_all(b"0\r\n\r\n").await;
    let mut answer = Vec::new();
    let _ = tokio::io::AsyncReadExt::read_to_end(&mut tcp, &mut answer).await;
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 507"), "{answer}");
    let left = s3.settled_uploads(&path).await;
    assert_eq!(left, 0, "the refused multipart upload is aborted");
    assert!(s3.object(&path).await.is_none());
}

#[tokio::test]
async fn task_outputs_are_stored_in_the_bucket() {
    let Some(s3) = s3() else { return };
    let s = s3.server().await;
    let email = "s3-tasks@example.com";
    let token = s.register(email).await;
    grant(&s, email, 20).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "a quay"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let out = &t["result"]["outputs"][0];
    let key = out["oss_path"].as_str().unwrap();
    let (stored, _) = s3.object(key).await.expect("the output is in the bucket");
    assert_eq!(stored.len() as u64, out["size"].as_u64().unwrap());
    let (status, _, got) = fetch(&s, out["url"].as_str().unwrap()).await;
    assert_eq!((status, got == stored), (200, true));

    // ffprobe and ffmpeg read their input from the bucket through a scratch copy.
    if !ffmpeg_ready() {
        return;
    }
    let clip = s.dir.path().join("clip.mp4");
    let made = std::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"])
        .args(["-i", "testsrc=size=160x120:rate=10", "-t", "1"])
        .args(["-c:v", "libx264", "-pix_fmt", "yuv420p"])
        .arg(&clip)
        .status()
        .unwrap();
    assert!(made.success(), "ffmpeg renders the test clip");
    let path = upload(&s, &token, "tool_vqe", "mp4", std::fs::read(&clip).unwrap()).await;
    let (status, info) = s
        .get(
            &format!("/v1/common/oss/mediainfo?oss_path={path}"),
            Some(&token),
        )
        .await;
    assert_eq!(status, 200, "{info}");
    assert_eq!(info["data"]["width"], 160, "{info}");
    let id = create_ok(&s, &token, "tool_vqe", json!({"file_path": path})).await;
    let t = wait_done(&s, &token, "tool_vqe", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let out = &t["result"]["outputs"][0];
    assert_eq!(out["width"], 640, "upscaled 4×, as on the engines: {t}");
    let key = out["oss_path"].as_str().unwrap();
    let (stored, _) = s3.object(key).await.expect("the video is in the bucket");
    assert_eq!(stored.len() as u64, out["size"].as_u64().unwrap());
    let scratch = s.dir.path().join("tmp");
    let left: Vec<_> = std::fs::read_dir(&scratch)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "scratch copies are removed: {left:?}");
}
