//! The route table of docs/behaviour/languages-and-routes.md#routes as data.

use super::RoutesError;
use super::names::RouteName;
use serde::{Deserialize, Serialize};

/// A route parameter of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Param {
    Category,
    Semantic,
    Tabname,
}

impl Param {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::Category => "category",
            Self::Semantic => "semantic",
            Self::Tabname => "tabname",
        }
    }
}

/// One segment of a route pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seg {
    /// A literal segment.
    Lit(&'static str),
    /// An optional parameter taking one segment (`:name?`).
    Opt(Param),
    /// The catch-all slug (`:slug(.*)*`): every remaining segment.
    Slug,
}

/// One row of the table in code form.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Spec {
    pub(crate) name: RouteName,
    pub(crate) segs: &'static [Seg],
    pub(crate) kind: Option<&'static str>,
    pub(crate) tag: Option<&'static str>,
    pub(crate) has_back: bool,
    pub(crate) noindex: bool,
    pub(crate) redirect: Option<&'static str>,
}

const fn page(name: RouteName, segs: &'static [Seg]) -> Spec {
    Spec {
        name,
        segs,
        kind: None,
        tag: None,
        has_back: false,
        noindex: false,
        redirect: None,
    }
}

const fn typed(name: RouteName, segs: &'static [Seg], kind: &'static str) -> Spec {
    Spec {
        kind: Some(kind),
        ..page(name, segs)
    }
}

/// Not indexed: the 404 page, the catch-all, the debug page, the console and the placeholders are no
/// content of their own; the redirecting routes never render.
const fn hidden(name: RouteName, segs: &'static [Seg]) -> Spec {
    Spec {
        noindex: true,
        ..page(name, segs)
    }
}

const fn redirecting(name: RouteName, segs: &'static [Seg], to: &'static str) -> Spec {
    Spec {
        redirect: Some(to),
        ..hidden(name, segs)
    }
}

use Param::{Category, Semantic, Tabname};
use RouteName as R;
use Seg::{Lit, Opt};

/// The route table in match order: a literal route comes before a route whose parameter
/// would also take that segment (so `/ai-tools/bg-remover` is not AiTools with category
/// `bg-remover`), and the catch-all comes last.
pub(crate) const SPECS: &[Spec] = &[
    redirecting(R::Index, &[], "/home"),
    page(R::Home, &[Lit("home")]),
    hidden(R::NotFound, &[Lit("404")]),
    hidden(R::DebugTestError, &[Lit("debug"), Lit("test-error")]),
    redirecting(R::Create, &[Lit("create")], "/image-to-video"),
    page(
        R::AiToolsVideoEnhancer,
        &[Lit("ai-tools"), Lit("video-enhancer")],
    ),
    page(
        R::AiToolsImageEnhancer,
        &[Lit("ai-tools"), Lit("image-enhancer")],
    ),
    page(R::LipSync, &[Lit("ai-tools"), Lit("ai-talking-avatar")]),
    Spec {
        tag: Some("mai-fs"),
        has_back: true,
        ..typed(
            R::AiToolsBgRemover,
            &[Lit("ai-tools"), Lit("bg-remover")],
            "mai_fs",
        )
    },
    typed(
        R::AiToolsObjectRemover,
        &[Lit("ai-tools"), Lit("object-remover")],
        "photomaker_imagefix",
    ),
    typed(
        R::AiToolsPartialRedrawing,
        &[Lit("ai-tools"), Lit("partial-redrawing")],
        "inpaint_clothes",
    ),
    typed(
        R::AiToolsVideoEraser,
        &[Lit("ai-tools"), Lit("video-eraser"), Opt(Category)],
        "anieraser",
    ),
    page(R::AiToolsAudioTools, &[Lit("ai-tools"), Lit("audio-tools")]),
    page(R::AiTools, &[Lit("ai-tools"), Opt(Category)]),
    typed(
        R::TextToVideo,
        &[Lit("text-to-video"), Opt(Semantic)],
        "text2video",
    ),
    typed(
        R::ImageToVideo,
        &[Lit("image-to-video"), Opt(Semantic)],
        "image2video",
    ),
    typed(
        R::VideoToAnime,
        &[Lit("video-to-anime"), Opt(Semantic)],
        "video2anime",
    ),
    typed(
        R::VideoToVideo,
        &[Lit("video-to-video"), Opt(Semantic)],
        "video2anime",
    ),
    typed(
        R::TextToImage,
        &[Lit("text-to-image"), Opt(Semantic)],
        "text2image",
    ),
    typed(
        R::ImageToImage,
        &[Lit("image-to-image"), Opt(Semantic)],
        "image2image",
    ),
    page(
        R::TextToMusic,
        &[Lit("text-to-music"), Opt(Semantic), Opt(Tabname)],
    ),
    page(R::Effect, &[Lit("effect")]),
    page(
        R::EffectCreate,
        &[Lit("effect"), Lit("create"), Opt(Semantic)],
    ),
    page(R::Explore, &[Lit("explore")]),
    page(R::ExploreZone, &[Lit("explore"), Lit("zone")]),
    page(R::Libraries, &[Lit("libraries")]),
    page(R::Template, &[Lit("template")]),
    // The operator console (docs/operations.md#the-operator-console): not a page for search
    // engines; its module loads only when an admin opens it.
    hidden(R::Admin, &[Lit("admin")]),
    hidden(R::Red1ToAiHome, &[Lit("red1-to-ai-home")]),
    hidden(R::Red1ToHome, &[Lit("red1-to-home")]),
    hidden(R::Red1ToAiRoot, &[Lit("red1-to-ai-root")]),
    hidden(R::Red1ToAiRoot2, &[Lit("red1-to-ai-root2")]),
    hidden(R::Red1ToT2v, &[Lit("red1-to-t2v")]),
    hidden(R::Red1ToAiV2t, &[Lit("red1-to-ai-v2t")]),
    hidden(R::Red2ToAiHome, &[Lit("ai"), Lit("red2-to-ai-home")]),
    hidden(R::Red2ToHome, &[Lit("ai"), Lit("red2-to-home")]),
    hidden(R::Red2ToAiRoot, &[Lit("ai"), Lit("red2-to-ai-root")]),
    hidden(R::Red2ToAiRoot2, &[Lit("ai"), Lit("red2-to-ai-root2")]),
    hidden(R::Red2ToT2v, &[Lit("ai"), Lit("red2-to-t2v")]),
    hidden(R::Red2ToAiV2t, &[Lit("ai"), Lit("red2-to-ai-v2t")]),
    CATCH_ALL,
];

/// The catch-all row, `/:slug(.*)*`: last in match order.
pub(crate) const CATCH_ALL: Spec = hidden(R::CatchAll, &[Seg::Slug]);

/// Route metadata (docs/behaviour/languages-and-routes.md#routes): the generation or tool type, a
/// tag, and whether the page shows a back button. Only the routes the spec gives metadata for have
/// any.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteMeta {
    /// E.g. `"text2video"`, `"mai_fs"`.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// E.g. `"mai-fs"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    /// True only for the background remover.
    pub has_back: bool,
}

/// One row of the route table, as data for the app's router and the server.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteDef {
    /// The route name.
    pub name: RouteName,
    /// The unprefixed pattern in router syntax, e.g. `"/text-to-music/:semantic?/:tabname?"`.
    pub path: String,
    /// The parameter names in pattern order (`"slug"` for the catch-all).
    pub params: Vec<String>,
    /// The route metadata.
    pub meta: RouteMeta,
    /// Whether the page carries noindex, nofollow (under the `zz` prefix every page does).
    pub noindex: bool,
    /// Whether the page hides header and sidebar (names starting with `Template`).
    pub hides_frame: bool,
    /// The unprefixed target of a redirecting route (`/home`, `/image-to-video`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_to: Option<String>,
}

impl Spec {
    pub(crate) fn meta(&self) -> RouteMeta {
        RouteMeta {
            kind: self.kind.map(str::to_string),
            tag: self.tag.map(str::to_string),
            has_back: self.has_back,
        }
    }

    fn pattern(&self) -> String {
        if self.segs.is_empty() {
            return "/".to_string();
        }
        self.segs
            .iter()
            .map(|s| match s {
                Lit(l) => format!("/{l}"),
                Opt(p) => format!("/:{}?", p.name()),
                Seg::Slug => "/:slug(.*)*".to_string(),
            })
            .collect()
    }

    fn def(&self) -> RouteDef {
        RouteDef {
            name: self.name,
            path: self.pattern(),
            params: self
                .segs
                .iter()
                .filter_map(|s| match s {
                    Lit(_) => None,
                    Opt(p) => Some(p.name().to_string()),
                    Seg::Slug => Some("slug".to_string()),
                })
                .collect(),
            meta: self.meta(),
            noindex: self.noindex,
            hides_frame: hides_frame(self.name.as_str()),
            redirect_to: self.redirect.map(str::to_string),
        }
    }
}

/// Every route with a path, in match order (catch-all last). Pricing is not in it: it is a
/// named section without a path. Each route also exists under every language prefix.
pub fn route_table() -> Vec<RouteDef> {
    SPECS.iter().map(Spec::def).collect()
}

/// The table row of a route name (e.g. `"TextToVideo"`). Errors: `unknown_route` for a
/// name that is not a route, `route_has_no_path` for Pricing.
pub fn route_by_name(name: &str) -> Result<RouteDef, RoutesError> {
    let route =
        RouteName::from_name(name).ok_or_else(|| RoutesError::UnknownRoute(name.to_string()))?;
    route
        .spec()
        .map(Spec::def)
        .ok_or_else(|| RoutesError::NoPath(name.to_string()))
}

/// Whether a route with this name hides header and sidebar: names starting with `Template`
/// (docs/behaviour/languages-and-routes.md#routes). Any string is accepted, so the app can ask
/// about any route it has.
pub fn hides_frame(route_name: &str) -> bool {
    route_name.starts_with("Template")
}

/// The named sections of the product, in the order of docs/behaviour/languages-and-routes.md#routes
/// (23 names, Pricing included).
pub fn named_sections() -> Vec<RouteName> {
    vec![
        R::Home,
        R::Explore,
        R::Effect,
        R::EffectCreate,
        R::TextToVideo,
        R::ImageToVideo,
        R::VideoToAnime,
        R::VideoToVideo,
        R::TextToImage,
        R::ImageToImage,
        R::TextToMusic,
        R::LipSync,
        R::Libraries,
        R::AiTools,
        R::AiToolsVideoEnhancer,
        R::AiToolsImageEnhancer,
        R::AiToolsBgRemover,
        R::AiToolsObjectRemover,
        R::AiToolsPartialRedrawing,
        R::AiToolsVideoEraser,
        R::Pricing,
        R::Template,
        R::ExploreZone,
    ]
}

/// The generation types group, in the order of docs/behaviour/languages-and-routes.md#routes.
const GENERATION_TYPES: [RouteName; 6] = [
    R::TextToVideo,
    R::ImageToVideo,
    R::TextToImage,
    R::ImageToImage,
    R::VideoToAnime,
    R::VideoToVideo,
];

/// The generation types group (docs/behaviour/languages-and-routes.md#routes): TextToVideo,
/// ImageToVideo, TextToImage, ImageToImage, VideoToAnime, VideoToVideo.
pub fn generation_types() -> Vec<RouteName> {
    GENERATION_TYPES.to_vec()
}

/// Whether a route name is in the generation types group; false for any other string.
pub fn is_generation_type(route_name: &str) -> bool {
    RouteName::from_name(route_name).is_some_and(|n| GENERATION_TYPES.contains(&n))
}
