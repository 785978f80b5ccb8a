//! Security headers on every answer:
//!
//! - `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`;
//! - `Strict-Transport-Security` when `AIVG_PUBLIC_URL` is https;
//! - a Content-Security-Policy: scripts only from this origin (plus `'wasm-unsafe-eval'` for the
//!   WebAssembly package) and the page's own inline scripts, allowed by their SHA-256 hashes,
//!   computed for each HTML answer (the SPA's theme snippet, the account and store pages, whose
//!   scripts carry per-request values); `frame-ancestors 'self'` (the login iframe is ours, no
//!   other site may frame a page); media and images also from the object store's endpoint
//!   (`AIVG_S3_ENDPOINT`) and https, as signed URLs may point there. `AIVG_CSP_EXTRA` adds sources
//!   to `script-src` and `connect-src` (e.g. the chatbot widget's host); `AIVG_CSP` replaces
//!   the whole policy. An answer whose handler set its own policy keeps it (the user files'
//!   `sandbox`).

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use base64::Engine;
use sha2::{Digest, Sha256};

/// The inline-script hashes of the page an answer stands for, when its body is not that page: a
/// 304 to a revalidation has no body, yet the browser runs the cached page's scripts under the
/// 304's policy, so it must carry the same hashes as the 200 (a response extension, set by the
/// handler that knows the page).
#[derive(Debug, Clone, Default)]
pub struct PageScripts(pub Vec<String>);

/// The largest HTML answer whose inline scripts are hashed (larger ones get no inline script).
const MAX_HTML_BYTES: usize = 4 << 20;

/// What the headers depend on, read once at start.
#[derive(Debug, Clone, Default)]
pub struct SecuritySettings {
    /// `AIVG_CSP`: the whole policy, as given (inline hashes are not added).
    pub csp_override: Option<String>,
    /// `AIVG_CSP_EXTRA`: more sources for scripts and connections.
    pub csp_extra: Vec<String>,
    /// The object store endpoint's origin, when not this site.
    pub store_origin: Option<String>,
    /// HSTS when the public URL is https.
    pub https: bool,
}

impl SecuritySettings {
    pub fn from_env(var: &dyn Fn(&str) -> Option<String>) -> Self {
        Self {
            csp_override: var("AIVG_CSP"),
            csp_extra: var("AIVG_CSP_EXTRA")
                .map(|v| v.split_whitespace().map(str::to_owned).collect())
                .unwrap_or_default(),
            store_origin: var("AIVG_S3_ENDPOINT").map(|e| origin_of(&e)),
            https: var("AIVG_PUBLIC_URL").is_some_and(|u| u.starts_with("https://")),
        }
    }

    /// The policy, with `hashes` of the page's inline scripts.
    pub fn policy(&self, hashes: &[String]) -> String {
        if let Some(p) = &self.csp_override {
            return p.clone();
        }
        let extra = self.csp_extra.join(" ");
        let store = self.store_origin.clone().unwrap_or_default();
        let inline = hashes.join(" ");
        let mut p = String::new();
        for part in [
            "default-src 'self'".to_owned(),
            format!("script-src 'self' 'wasm-unsafe-eval' {inline} {extra}"),
            // React sets style attributes and the boot skeleton has a <style> block.
            "style-src 'self' 'unsafe-inline'".to_owned(),
            format!("img-src 'self' data: blob: https: {store}"),
            format!("media-src 'self' data: blob: https: {store}"),
            format!("connect-src 'self' {store} {extra}"),
            "font-src 'self' data:".to_owned(),
            "frame-src 'self' https:".to_owned(),
            "frame-ancestors 'self'".to_owned(),
            "base-uri 'self'".to_owned(),
            "form-action 'self'".to_owned(),
            "object-src 'none'".to_owned(),
        ] {
            let part = part.split_whitespace().collect::<Vec<_>>().join(" ");
            p.push_str(&part);
            p.push_str("; ");
        }
        p.trim_end_matches("; ").to_owned()
    }
}

/// `scheme://host[:port]` of a URL.
fn origin_of(url: &str) -> String {
    let url = url.trim();
    match url.split_once("://") {
        Some((scheme, rest)) => {
            let host = rest.split('/').next().unwrap_or_default();
            format!("{scheme}://{host}")
        }
        None => url.to_owned(),
    }
}

/// `'sha256-…'` of every inline `<script>` (one without `src`) in an HTML page.
pub fn inline_script_hashes(html: &str) -> Vec<String> {
    let lower = html.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(start) = lower.get(at..).and_then(|s| s.find("<script")) {
        let open = at + start;
        let Some(tag_end) = lower.get(open..).and_then(|s| s.find('>')) else {
            break;
        };
        let body_start = open + tag_end + 1;
        let tag = lower.get(open..body_start).unwrap_or_default();
        let Some(close) = lower.get(body_start..).and_then(|s| s.find("</script")) else {
            break;
        };
        let body_end = body_start + close;
        if !tag.contains(" src=") {
            let body = html.get(body_start..body_end).unwrap_or_default();
            let digest = Sha256::digest(body.as_bytes());
            out.push(format!(
                "'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            ));
        }
        at = body_end;
    }
    out
}

/// The middleware (see the module doc).
pub async fn headers(
    State(settings): State<std::sync::Arc<SecuritySettings>>,
    req: Request,
    next: Next,
) -> Response {
    let mut res = next.run(req).await;
    let page_scripts = res.extensions_mut().remove::<PageScripts>();
    let html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("text/html"));
    let (mut parts, body) = res.into_parts();
    let (body, hashes) = if let Some(PageScripts(hashes)) = page_scripts {
        (body, hashes)
    } else if html {
        match axum::body::to_bytes(body, MAX_HTML_BYTES).await {
            Ok(bytes) => {
                let hashes = inline_script_hashes(&String::from_utf8_lossy(&bytes));
                (Body::from(bytes), hashes)
            }
            Err(_) => (Body::empty(), Vec::new()),
        }
    } else {
        (body, Vec::new())
    };
    let h = &mut parts.headers;
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    // A handler that set its own policy set a stricter one (a user's file is served under
    // `sandbox`, see `uploads::transfer::download`): the site-wide policy does not replace it.
    if !h.contains_key(header::CONTENT_SECURITY_POLICY)
        && let Ok(v) = HeaderValue::from_str(&settings.policy(&hashes))
    {
        h.insert(header::CONTENT_SECURITY_POLICY, v);
    }
    if settings.https {
        h.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        );
    }
    Response::from_parts(parts, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_scripts_are_hashed_and_external_ones_skipped() {
        let html = r#"<head><script>var a = 1;</script><script type="module" crossorigin src="/assets/x.js"></script></head><SCRIPT>b()</SCRIPT>"#;
        let h = inline_script_hashes(html);
        assert_eq!(h.len(), 2);
        // echo -n 'var a = 1;' | openssl dgst -sha256 -binary | base64
        let want = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(b"var a = 1;"));
        assert_eq!(h[0], format!("'sha256-{want}'"));
        let p = SecuritySettings::default().policy(&h);
        assert!(p.contains("frame-ancestors 'self'"));
        assert!(p.contains("'wasm-unsafe-eval'"));
        assert!(p.contains(&h[1]));
        let s = SecuritySettings {
            store_origin: Some(origin_of("http://127.0.0.1:9000/bucket")),
            ..SecuritySettings::default()
        };
        assert!(
            s.policy(&[])
                .contains("media-src 'self' data: blob: https: http://127.0.0.1:9000")
        );
    }
}
