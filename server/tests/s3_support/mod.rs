//! Helpers of the S3 storage tests: the S3 server of `AIVG_TEST_S3_URL`, a server storing its
//! files there, and a look at the bucket through the S3 API.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use crate::common::{TestServer, poll_until};
use crate::media_support;
use object_store::ObjectStore;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::path::Path as StorePath;
use serde_json::Value;
use std::time::Duration;

pub struct S3 {
    endpoint: String,
    bucket: String,
    key_id: String,
    secret: String,
    /// Our own client of the bucket, to see what the server stored.
    client: AmazonS3,
}

/// The S3 server of `AIVG_TEST_S3_URL`; `None` (skip) when unset outside CI.
pub fn s3() -> Option<S3> {
    let Ok(url) = std::env::var("AIVG_TEST_S3_URL") else {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!(
                "CI=true and AIVG_TEST_S3_URL is unset: CI must run the S3 tests (scripts/test.sh starts scripts/s3.sh and sets it)"
            );
        }
        eprintln!("AIVG_TEST_S3_URL is unset: S3 test skipped (`bash scripts/s3.sh` prints one)");
        return None;
    };
    let (endpoint, bucket) = url
        .trim_end_matches('/')
        .rsplit_once('/')
        .expect("AIVG_TEST_S3_URL is http://HOST:PORT/BUCKET");
    let var = |name: &str| std::env::var(name).unwrap_or_else(|_| "testing".into());
    let (key_id, secret) = (
        var("AIVG_TEST_S3_ACCESS_KEY_ID"),
        var("AIVG_TEST_S3_SECRET_ACCESS_KEY"),
    );
    let client = AmazonS3Builder::new()
        .with_endpoint(endpoint)
        .with_allow_http(true)
        .with_bucket_name(bucket)
        .with_region("us-east-1")
        .with_access_key_id(&key_id)
        .with_secret_access_key(&secret)
        .build()
        .unwrap();
    Some(S3 {
        endpoint: endpoint.to_owned(),
        bucket: bucket.to_owned(),
        key_id,
        secret,
        client,
    })
}

impl S3 {
    /// A server whose files live in the bucket.
    pub async fn server(&self) -> TestServer {
        media_support::start_with(|cfg| {
            let u = &mut cfg.uploads;
            u.s3_bucket = Some(self.bucket.clone());
            u.s3_endpoint = Some(self.endpoint.clone());
            u.s3_region = Some("us-east-1".into());
            u.s3_access_key_id = Some(self.key_id.clone());
            u.s3_secret_access_key = Some(self.secret.clone());
        })
        .await
    }

    /// The object at `key` in the bucket: (bytes, ETag), or `None` when there is none.
    pub async fn object(&self, key: &str) -> Option<(Vec<u8>, String)> {
        match self.client.get(&StorePath::from(key)).await {
            Ok(got) => {
                let etag = got.meta.e_tag.clone().unwrap_or_default();
                Some((got.bytes().await.unwrap().to_vec(), etag))
            }
            Err(object_store::Error::NotFound { .. }) => None,
            Err(e) => panic!("S3 GET {key}: {e}"),
        }
    }

    /// How many unfinished multipart uploads the bucket has for `key`.
    pub async fn unfinished_uploads(&self, key: &str) -> usize {
        let url = format!("{}/{}?uploads", self.endpoint, self.bucket);
        let xml = reqwest::get(&url).await.unwrap().text().await.unwrap();
        assert!(xml.contains("ListMultipartUploadsResult"), "{url}: {xml}");
        xml.matches(&format!("<Key>{key}</Key>")).count()
    }

    /// Waits (at most 10 s) until the bucket has no unfinished multipart upload for `key`;
    /// answers how many are left.
    pub async fn settled_uploads(&self, key: &str) -> usize {
        let settled = poll_until(
            Duration::from_secs(60),
            Duration::from_millis(50),
            async || (self.unfinished_uploads(key).await == 0).then_some(0),
        )
        .await;
        match settled {
            Some(none) => none,
            None => self.unfinished_uploads(key).await,
        }
    }
}

/// A grant of an upload URL: (upload URL, oss_path, quota used).
pub async fn grant_upload(s: &TestServer, token: &str, ext: &str) -> (String, String, i64) {
    let (status, g) = s
        .get(
            &format!("/v1/common/oss/token?algorithm=image2video&ext={ext}"),
            Some(token),
        )
        .await;
    assert_eq!(status, 200, "{g}");
    let d = &g["data"];
    (
        d["upload_url"].as_str().unwrap().to_owned(),
        d["oss_path"].as_str().unwrap().to_owned(),
        d["quota"]["used"].as_i64().unwrap(),
    )
}

/// A signed download URL of the user's file.
pub async fn signed(s: &TestServer, token: &str, path: &str) -> (u16, Value) {
    s.get(&format!("/v1/common/oss/sign?oss_path={path}"), Some(token))
        .await
}

/// `n` bytes that differ from part to part.
pub fn noise(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i * 31 % 251) as u8).collect()
}

/// A connection that has sent the head of `PUT url` with the `extra` header lines (each ending
/// in CRLF); the test writes the body, or not all of it.
pub async fn raw_put(url: &str, extra: &str) -> tokio::net::TcpStream {
    let (host, path_and_query) = url
        .strip_prefix("http://")
        .and_then(|u| u.split_once('/'))
        .unwrap();
    let mut tcp = tokio::net::TcpStream::connect(host).await.unwrap();
    let head = format!("PUT /{path_and_query} HTTP/1.1\r\nHost: {host}\r\n{extra}\r\n");
    tokio::io::AsyncWriteExt::write_all(&mut tcp, head.as_bytes())
        .await
        .unwrap();
    tcp
}
