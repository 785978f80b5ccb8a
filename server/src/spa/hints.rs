//! Preload hints in the `index.html` sent for a page: the page route's lazily loaded files and the
//! language messages start downloading with the HTML, instead of once the app has started and its
//! router asked for them (docs/performance.md, "first load, second round": on a throttled phone
//! they were the last downloads before the first screen).
//!
//! The app's build writes `page-preloads.json` beside `index.html` (app/build/page-preloads.ts):
//! per route name, the JS chunks and CSS the route needs beyond index.html's own; and the hash of
//! the messages files. The route and the language come from core, the same rules the app's router
//! runs: `resolve_language` (path prefix, the language cookie, the browser's `Accept-Language`) and
//! `match_route` (following the redirecting routes, `/` → `/home`).
//!
//! A file the list names that the app folder does not hold is left out of the hints (and said once
//! per version of the files): a hint must never make the browser fetch a 404, whichever build
//! wrote the list.
//!
//! Hints only: a wrong guess (a language saved in local storage but not in the cookie) costs a
//! download the page does not use, never a wrong page. A missing or malformed file means no hints
//! (logged once per file version), never a failed page.

use crate::html::html_escape;
use aivg_core::lang::{
    Lang, NavigationInput, Stage, language_cookie, messages_path, resolve_language,
};
use aivg_core::routes::{RouteName, match_route};
use serde::Deserialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// The build's file (see the module doc).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PagePreloads {
    pub i18n_hash: String,
    pub routes: HashMap<String, RouteFiles>,
}

impl PagePreloads {
    /// The list without the files `dir` (the app folder, served at `/`) does not hold; each one
    /// left out is logged.
    fn held_by(mut self, dir: &Path) -> Self {
        let mut missing = std::collections::BTreeSet::new();
        for files in self.routes.values_mut() {
            for list in [&mut files.js, &mut files.css] {
                list.retain(|path| {
                    let held = dir.join(path.trim_start_matches('/')).is_file();
                    if !held {
                        missing.insert(path.clone());
                    }
                    held
                });
            }
        }
        for path in missing {
            tracing::warn!(
                "{}/page-preloads.json names {path}, which is not there: not hinted",
                dir.display()
            );
        }
        self
    }
}

/// What one route needs beyond index.html's own files, as URL paths.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RouteFiles {
    pub js: Vec<String>,
    pub css: Vec<String>,
}

/// What a request tells about the page it will show.
#[derive(Debug, Clone, Copy)]
pub struct PageRequest<'a> {
    pub path: &'a str,
    pub query: &'a str,
    /// The `Cookie` header, if any.
    pub cookie: Option<&'a str>,
    /// The `Accept-Language` header, if any.
    pub accept_language: Option<&'a str>,
}

/// The id of the `<script type="application/json">` element holding a page's [`FirstScreen::data`].
/// The app reads it under the same name (app/src/routes/first-screen.ts); `e2e/shell-preloads.spec.ts`
/// checks that a tool page then sends no request for what it holds.
pub const FIRST_SCREEN_DATA_ID: &str = "aivg-first-screen";

/// What a route's first screen shows beyond the app's own files, known to the server when it
/// sends the HTML.
#[derive(Debug, Default)]
pub struct FirstScreen {
    /// Pictures to preload.
    pub pictures: Vec<String>,
    /// API answers the page would ask for at once, by name (`{"demos": <the `data` of
    /// GET /v1/common/demo/list>}`): written into the HTML, so the page renders them in its first
    /// render instead of after a request its HTTP client can send only once WebAssembly is up.
    pub data: Option<serde_json::Value>,
}

/// The page a request shows: core's route for its path (after the language redirect, following
/// the redirecting routes, `/` → `/home`) and its language. It decides the page's hints and its
/// HTTP status (core's `page_status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRoute {
    pub name: RouteName,
    pub language: Lang,
}

/// The route and language of a page request (see [`PageRoute`]).
pub fn page_route(req: PageRequest<'_>) -> PageRoute {
    let saved = req
        .cookie
        .and_then(|c| cookie_value(c, &language_cookie().name));
    let browser = req
        .accept_language
        .map(accept_language::parse)
        .unwrap_or_default();
    // The server does not know the app's build stage; production is the strictest (no `zz`).
    let resolution = resolve_language(&NavigationInput {
        path: req.path.to_owned(),
        query: req.query.to_owned(),
        saved_language: saved,
        browser_languages: browser,
        stage: Stage::Production,
    });
    let path = resolution.redirect_to.as_deref().unwrap_or(req.path);
    let mut route = match_route(path);
    if let Some(to) = route.redirect_to.take() {
        route = match_route(&to);
    }
    PageRoute {
        name: route.name,
        language: resolution.language,
    }
}

/// The `<link>` elements for a page: the route's chunks (`modulepreload`, as Vite's own
/// preloads: `crossorigin`), its CSS (`preload as=style`, so nothing blocks the first paint) and
/// the language's messages (`preload as=fetch`, `crossorigin` so the app's same-origin `fetch`
/// reuses it); and what `first_screen` gives for the route's name: its pictures (`preload
/// as=image`, no `crossorigin`, like the page's `<img>`: a tool page's examples, one of them often
/// its largest element) and its data (a `<script type="application/json">`, never run).
pub fn links(
    preloads: &PagePreloads,
    route: PageRoute,
    first_screen: impl Fn(&str) -> FirstScreen,
) -> String {
    let mut out = String::new();
    if let Some(files) = preloads.routes.get(route.name.as_str()) {
        for js in &files.js {
            out.push_str(&format!(
                "<link rel=\"modulepreload\" crossorigin href=\"{}\">\n",
                html_escape(js)
            ));
        }
        for css in &files.css {
            out.push_str(&format!(
                "<link rel=\"preload\" as=\"style\" crossorigin href=\"{}\">\n",
                html_escape(css)
            ));
        }
    }
    out.push_str(&format!(
        "<link rel=\"preload\" as=\"fetch\" crossorigin href=\"{}\">\n",
        html_escape(&messages_path(&preloads.i18n_hash, route.language))
    ));
    let first = first_screen(route.name.as_str());
    for picture in &first.pictures {
        out.push_str(&format!(
            "<link rel=\"preload\" as=\"image\" href=\"{}\">\n",
            html_escape(picture)
        ));
    }
    if let Some(data) = &first.data {
        out.push_str(&format!(
            "<script type=\"application/json\" id=\"{FIRST_SCREEN_DATA_ID}\">{}</script>\n",
            script_json(data)
        ));
    }
    out
}

/// `value` as JSON that cannot end its `<script>` element: every `<`, `>` and `&` is written as a
/// JSON escape (`\u003c`…), which `JSON.parse` reads back as the same text.
fn script_json(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// `index.html` with `links` added at the end of its head (or its start when it has none).
pub fn inject(index: &str, links: &str) -> String {
    match index.find("</head>") {
        Some(at) => format!("{}{links}{}", &index[..at], &index[at..]),
        None => format!("{links}{index}"),
    }
}

/// The value of cookie `name` in a `Cookie` header.
fn cookie_value(header: &str, name: &str) -> Option<String> {
    header.split(';').find_map(|pair| {
        let (key, value) = pair.trim().split_once('=')?;
        (key == name).then(|| value.trim().to_owned())
    })
}

/// One version of the built files, read once.
#[derive(Debug)]
pub struct Built {
    pub index: String,
    pub preloads: Option<PagePreloads>,
}

/// The built `index.html` and `page-preloads.json`, read again only when either file changes
/// (a deployment that swaps the app folder is seen at the next request).
#[derive(Debug, Default)]
pub struct BuiltFiles {
    cached: Mutex<Option<(Stamp, Arc<Built>)>>,
}

type Stamp = (PathBuf, Option<SystemTime>, Option<SystemTime>);

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

impl BuiltFiles {
    /// The files of `dir`; an error only when index.html cannot be read.
    pub fn get(&self, dir: &Path) -> std::io::Result<Arc<Built>> {
        let (index_path, preloads_path) = (dir.join("index.html"), dir.join("page-preloads.json"));
        let stamp = (
            dir.to_path_buf(),
            modified(&index_path),
            modified(&preloads_path),
        );
        if let Ok(guard) = self.cached.lock()
            && let Some((seen, built)) = guard.as_ref()
            && *seen == stamp
        {
            return Ok(built.clone());
        }
        let index = std::fs::read_to_string(&index_path)?;
        // A missing file is a build without hints; anything else unreadable is said once per
        // version of the files (the result is cached until they change).
        let preloads = match std::fs::read(&preloads_path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            read => read
                .map_err(|e| e.to_string())
                .and_then(|bytes| {
                    serde_json::from_slice::<PagePreloads>(&bytes).map_err(|e| e.to_string())
                })
                .inspect_err(|e| {
                    tracing::warn!(
                        "{}: not read, no preload hints: {e}",
                        preloads_path.display()
                    );
                })
                .ok(),
        };
        let preloads = preloads.map(|p| p.held_by(dir));
        let built = Arc::new(Built { index, preloads });
        if let Ok(mut guard) = self.cached.lock() {
            *guard = Some((stamp, built.clone()));
        }
        Ok(built)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn preloads() -> PagePreloads {
        serde_json::from_str(
            r#"{"i18nHash":"abc123","routes":{
                "Home":{"js":["/assets/HomePage-1.js","/assets/carousel-2.js"],"css":["/assets/HomePage-3.css"]},
                "Explore":{"js":["/assets/ExplorePage-4.js"],"css":[]}}}"#,
        )
        .unwrap()
    }

    fn req(path: &str, cookie: Option<&str>, accept: Option<&str>) -> PageRoute {
        page_route(PageRequest {
            path,
            query: "",
            cookie,
            accept_language: accept,
        })
    }

    #[test]
    fn the_root_hints_home_and_english() {
        let links = links(&preloads(), req("/", None, Some("en-US,en;q=0.9")), |_| {
            FirstScreen::default()
        });
        assert_eq!(
            links,
            "<link rel=\"modulepreload\" crossorigin href=\"/assets/HomePage-1.js\">\n\
             <link rel=\"modulepreload\" crossorigin href=\"/assets/carousel-2.js\">\n\
             <link rel=\"preload\" as=\"style\" crossorigin href=\"/assets/HomePage-3.css\">\n\
             <link rel=\"preload\" as=\"fetch\" crossorigin href=\"/_i18n/abc123/en/messages.json\">\n"
        );
    }

    #[test]
    fn the_language_follows_prefix_then_cookie_then_browser() {
        let p = preloads();
        let de = links(
            &p,
            req("/de/explore", Some("i18n_redirected=fr"), Some("ko")),
            |_| FirstScreen::default(),
        );
        assert!(de.contains("/_i18n/abc123/de/messages.json"), "{de}");
        assert!(de.contains("ExplorePage-4.js"), "{de}");
        let fr = links(
            &p,
            req("/explore", Some("a=1; i18n_redirected=fr"), Some("ko")),
            |_| FirstScreen::default(),
        );
        assert!(fr.contains("/fr/messages.json"), "{fr}");
        let ko = links(
            &p,
            req("/explore", None, Some("ko-KR,ko;q=0.9,en;q=0.8")),
            |_| FirstScreen::default(),
        );
        assert!(ko.contains("/ko/messages.json"), "{ko}");
        // zz is a development pseudo-locale: never hinted by a production server.
        let zz = links(&p, req("/zz/explore", None, None), |_| {
            FirstScreen::default()
        });
        assert!(zz.contains("/en/messages.json"), "{zz}");
    }

    #[test]
    fn the_pictures_of_the_route_are_preloaded_as_images() {
        let seen = std::cell::RefCell::new(Vec::new());
        let links = links(&preloads(), req("/de/explore", None, None), |route| {
            seen.borrow_mut().push(route.to_owned());
            FirstScreen {
                pictures: vec![
                    "http://h/static/seed/a.svg".into(),
                    "http://h/x?a=1&b=\"2\"".into(),
                ],
                data: None,
            }
        });
        assert_eq!(*seen.borrow(), ["Explore"]);
        assert!(
            links.ends_with(
                "<link rel=\"preload\" as=\"image\" href=\"http://h/static/seed/a.svg\">\n\
                 <link rel=\"preload\" as=\"image\" href=\"http://h/x?a=1&amp;b=&quot;2&quot;\">\n"
            ),
            "{links}"
        );
    }

    #[test]
    fn the_data_of_the_route_is_json_that_cannot_close_its_script() {
        let name = "</script><script>alert(1)</script> & <!--";
        let links = links(&preloads(), req("/explore", None, None), |_| FirstScreen {
            pictures: vec![],
            data: Some(serde_json::json!({ "demos": { "key": "k", "list": [{ "name": name }] } })),
        });
        let (_, script) = links
            .split_once("<script type=\"application/json\" id=\"aivg-first-screen\">")
            .unwrap();
        let json = script.strip_suffix("</script>\n").unwrap();
        assert!(!json.contains('<') && !json.contains('>'), "{json}");
        let back: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(back["demos"]["list"][0]["name"], name);
    }

    #[test]
    fn a_route_without_files_hints_only_the_messages() {
        let links = links(&preloads(), req("/no/such/page", None, None), |_| {
            FirstScreen::default()
        });
        assert_eq!(
            links,
            "<link rel=\"preload\" as=\"fetch\" crossorigin href=\"/_i18n/abc123/en/messages.json\">\n"
        );
    }

    #[test]
    fn links_go_at_the_end_of_the_head() {
        assert_eq!(
            inject(
                "<html><head><title>x</title></head><body></body>",
                "<link>\n"
            ),
            "<html><head><title>x</title><link>\n</head><body></body>"
        );
        assert_eq!(inject("<p>no head</p>", "<link>"), "<link><p>no head</p>");
    }

    #[test]
    fn the_file_refuses_unknown_fields() {
        assert!(
            serde_json::from_str::<PagePreloads>(r#"{"i18nHash":"a","routes":{},"x":1}"#).is_err()
        );
        assert!(serde_json::from_str::<PagePreloads>(r#"{"routes":{}}"#).is_err());
    }
}
