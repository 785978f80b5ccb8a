//! The site's seed data: JSON files under `server/seed/`, embedded at build time and read once.
//! A file that does not parse or contradicts itself is our failure: the calls using it answer
//! 500 and the log names the file (the unit test below keeps that from shipping).

use super::seed_texts::Translations;
use crate::api::ApiError;
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::sync::LazyLock;

/// `seed/cms.json`.
#[derive(Debug, Deserialize)]
pub struct Cms {
    pub pages: HashMap<String, CmsPage>,
    /// Placeholder route name (core's `RouteName`) → rule.
    pub redirects: HashMap<String, Redirect>,
}

/// CMS data of one page path (docs/behaviour/languages-and-routes.md#page-content).
#[derive(Debug, Clone, Deserialize, serde::Serialize)]
pub struct CmsPage {
    pub tdk: Tdk,
    #[serde(default)]
    pub head: String,
    #[serde(default)]
    pub content: String,
    #[serde(default)]
    pub bottom: String,
}

/// Title, description, keywords.
#[derive(Debug, Clone, Default, Deserialize, serde::Serialize)]
pub struct Tdk {
    pub title: String,
    pub description: String,
    pub keywords: String,
}

/// A server redirect rule (docs/behaviour/languages-and-routes.md#language-resolution): a path, or
/// an absolute URL when `external`.
#[derive(Debug, Clone, Deserialize)]
pub struct Redirect {
    pub to: String,
    pub external: bool,
}

/// `seed/ads.json`.
#[derive(Debug, Deserialize)]
pub struct Ads {
    pub desktop: Vec<Ad>,
    pub wap: Vec<Ad>,
}

/// An ad item of the seed (`thumbnail` names a drawn SVG).
#[derive(Debug, Deserialize)]
pub struct Ad {
    pub module: String,
    pub activity: String,
    pub turn_url: String,
    pub thumbnail: String,
    /// Shown on the public site (an admin unpublishes without deleting; absent = published).
    #[serde(default = "published")]
    pub published: bool,
    /// A picture an operator uploaded (`uploads.picture`), shown instead of the drawn
    /// `thumbnail`.
    #[serde(default)]
    pub uploads: TemplateMedia,
}

/// `seed/experiments.json`: test code → number of groups.
#[derive(Debug, Deserialize)]
pub struct Experiments {
    pub tests: BTreeMap<String, i64>,
}

/// `seed/activities.json`.
#[derive(Debug, Deserialize)]
pub struct Activities {
    pub activities: BTreeMap<String, Activity>,
    pub campaign: Campaign,
}

/// A promotion.
#[derive(Debug, Deserialize)]
pub struct Activity {
    pub title: String,
    pub credits: i64,
    pub valid_days: i64,
    /// Epoch seconds.
    pub ends_at: i64,
}

/// The prelaunch campaign link (docs/behaviour/ads-and-experiments.md#prelaunch-promotion).
#[derive(Debug, Deserialize)]
pub struct Campaign {
    pub query_key: String,
    pub query_value: String,
    pub activity: String,
}

/// `seed/prompts.json`.
#[derive(Debug, Deserialize)]
pub struct Prompts {
    pub samples: BTreeMap<String, Vec<String>>,
    pub presets: BTreeMap<String, Vec<PresetCategory>>,
}

impl Prompts {
    /// The music style (a preset of core's `MUSIC_PRESETS`) titled `title`: the style of an
    /// audio template.
    pub fn music_style(&self, title: &str) -> Option<&Preset> {
        self.presets
            .get(aivg_core::tasks::MUSIC_PRESETS)?
            .iter()
            .flat_map(|c| &c.presets)
            .find(|p| p.title == title)
    }
}

/// A category of prompt presets.
#[derive(Debug, Deserialize)]
pub struct PresetCategory {
    pub category: String,
    pub name: String,
    /// `name` in the other languages (see `seed_texts`).
    #[serde(default)]
    pub name_i18n: Translations,
    pub presets: Vec<Preset>,
}

/// One prompt preset; `model_types` empty = every model.
#[derive(Debug, Deserialize)]
pub struct Preset {
    pub id: String,
    pub title: String,
    /// `title` in the other languages (see `seed_texts`).
    #[serde(default)]
    pub title_i18n: Translations,
    pub prompt: String,
    #[serde(default)]
    pub model_types: Vec<String>,
    /// Offered on the creation screens (an admin unpublishes without deleting; absent =
    /// published). A music template naming an unpublished style keeps it.
    #[serde(default = "published")]
    pub published: bool,
}

/// `seed/tools.json`.
#[derive(Debug, Deserialize)]
pub struct Tools {
    pub demos: BTreeMap<String, Vec<String>>,
    pub voices: Vec<Value>,
}

/// `seed/templates.json`.
#[derive(Debug, Deserialize)]
pub struct Templates {
    /// Template kind → what generating with it needs.
    pub kinds: BTreeMap<String, TemplateKind>,
    pub categories: Vec<Category>,
    pub templates: Vec<Template>,
}

/// A kind of template: the generation algorithm (the task module of `POST
/// /v1/ai/create/{algorithm}`), the `user_data.module` of its tasks and its request fields.
#[derive(Debug, Deserialize)]
pub struct TemplateKind {
    pub algorithm: String,
    pub module: String,
    pub media: String,
    pub request: Vec<Value>,
    /// Bounds of the two-image rule (docs/behaviour/uploads.md#aspect-ratios: the quotient of the
    /// two uploads' height/width ratios stays within them); both or neither, `0 < lower <= 1 <=
    /// upper`.
    #[serde(default)]
    pub ratio_lower: Option<f64>,
    #[serde(default)]
    pub ratio_upper: Option<f64>,
}

/// The template module of the effect pages, the default of a category.
pub const EFFECT_MODULE: &str = "effect";

fn effect_module() -> String {
    EFFECT_MODULE.to_owned()
}

/// A template category (docs/behaviour/tasks-and-queue.md#templates). Its `module` (the lists'
/// `fun_module`: `effect`, or `music` for the audio templates of the text-to-music screen) is its
/// templates' module.
#[derive(Debug, Deserialize)]
pub struct Category {
    pub id: i64,
    pub title: String,
    /// `title` in the other languages (see `seed_texts`).
    #[serde(default)]
    pub title_i18n: Translations,
    pub media: String,
    #[serde(default = "effect_module")]
    pub module: String,
}

/// A template in its compact seed form (expanded by `template_shape`). Video and image templates
/// have a `ratio`; audio templates have none but a `description`, a music `prompt`, a `style`
/// (the title of a txt2Music preset) and a `duration` in seconds
/// (docs/behaviour/tasks-and-queue.md#templates "Template item for audio").
#[derive(Debug, Deserialize)]
pub struct Template {
    pub tpl_id: i64,
    pub name: String,
    /// `name` in the other languages (see `seed_texts`).
    #[serde(default)]
    pub name_i18n: Translations,
    pub category: i64,
    pub kind: String,
    pub hot: i64,
    #[serde(default)]
    pub new: i64,
    #[serde(default)]
    pub ratio: Option<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub description: Option<String>,
    /// `description` in the other languages (see `seed_texts`).
    #[serde(default)]
    pub description_i18n: Translations,
    #[serde(default)]
    pub prompt: Option<String>,
    #[serde(default)]
    pub style: Option<String>,
    #[serde(default)]
    pub duration: Option<u32>,
    /// Shown on the public site (an admin unpublishes without deleting; absent = published).
    #[serde(default = "published")]
    pub published: bool,
    /// Media an operator uploaded (object store keys under `content/`), shown instead of the
    /// drawn seed pictures.
    #[serde(default)]
    pub media: TemplateMedia,
}

fn published() -> bool {
    true
}

/// The uploaded preview media of a template: object store keys (`content/…`), served by
/// `GET /static/content/{name}`.
#[derive(Debug, Default, Deserialize)]
pub struct TemplateMedia {
    #[serde(default)]
    pub picture: Option<String>,
    #[serde(default)]
    pub video: Option<String>,
    #[serde(default)]
    pub audio: Option<String>,
}

/// `seed/explore.json`.
#[derive(Debug, Deserialize)]
pub struct Explore {
    pub items: Vec<ExploreItem>,
    pub zones: Vec<Zone>,
}

/// An explore item in its seed form.
#[derive(Debug, Deserialize)]
pub struct ExploreItem {
    pub id: i64,
    pub title: String,
    /// `title` (the caption) in the other languages (see `seed_texts`).
    #[serde(default)]
    pub title_i18n: Translations,
    pub prompt: String,
    pub media: String,
    pub algorithm: String,
    pub ratio: String,
    pub recommend: i64,
    pub likes: i64,
    pub author: String,
    /// Shown on the public site (an admin unpublishes without deleting; absent = published).
    #[serde(default = "published")]
    pub published: bool,
    /// Media an operator uploaded (a picture, and a video for a video item), shown instead of
    /// the drawn seed pictures.
    #[serde(default)]
    pub uploads: TemplateMedia,
}

/// An explore zone (docs/behaviour/tasks-and-queue.md#explore: visible_status 1 = publishable).
#[derive(Debug, Deserialize)]
pub struct Zone {
    pub id: i64,
    pub name: String,
    /// `name` in the other languages (see `seed_texts`).
    #[serde(default)]
    pub name_i18n: Translations,
    pub description: String,
    /// `description` in the other languages (see `seed_texts`).
    #[serde(default)]
    pub description_i18n: Translations,
    pub visible_status: i64,
    pub explore_ids: Vec<i64>,
}

/// `seed/resources.json`.
#[derive(Debug, Deserialize)]
pub struct Resources {
    pub resources: Vec<Resource>,
}

/// A library resource.
#[derive(Debug, Deserialize)]
pub struct Resource {
    pub id: i64,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub category: String,
    pub ratio: String,
    #[serde(default)]
    pub tags: Vec<String>,
}

/// Every seed of the site.
#[derive(Debug)]
pub struct Seeds {
    pub cms: Cms,
    pub ads: Ads,
    pub experiments: Experiments,
    pub activities: Activities,
    pub prompts: Prompts,
    pub tools: Tools,
    pub templates: Templates,
    pub explore: Explore,
    pub resources: Resources,
    /// `seed/skus.json`: the store's SKUs and prices, built and checked by the store.
    pub catalog: crate::store::catalog::Catalog,
}

fn parse<T: serde::de::DeserializeOwned>(name: &str, text: &str) -> Result<T, String> {
    // The path of a refused value names the item and field (`items[3].likes: invalid type: …`).
    serde_path_to_error::deserialize(&mut serde_json::Deserializer::from_str(text))
        .map_err(|e| format!("seed/{name}: {}: {}", e.path(), e.inner()))
}

pub(super) fn check(ok: bool, problem: impl FnOnce() -> String) -> Result<(), String> {
    if ok { Ok(()) } else { Err(problem()) }
}

/// The content kinds: each is a seed file `server/seed/{kind}.json` and a row of the
/// `site_content` table (`content_store`), with the seed's text (the first import).
pub const KINDS: [(&str, &str); 10] = [
    ("cms", include_str!("../../seed/cms.json")),
    ("ads", include_str!("../../seed/ads.json")),
    ("experiments", include_str!("../../seed/experiments.json")),
    ("activities", include_str!("../../seed/activities.json")),
    ("prompts", include_str!("../../seed/prompts.json")),
    ("tools", include_str!("../../seed/tools.json")),
    ("templates", include_str!("../../seed/templates.json")),
    ("explore", include_str!("../../seed/explore.json")),
    ("resources", include_str!("../../seed/resources.json")),
    ("skus", include_str!("../../seed/skus.json")),
];

/// The seed's text of `kind`.
pub fn seed_text(kind: &str) -> Option<&'static str> {
    KINDS.iter().find(|(k, _)| *k == kind).map(|(_, t)| *t)
}

fn load() -> Result<Seeds, String> {
    build(|kind| seed_text(kind).map(str::to_owned), true)
}

/// Parses and checks the documents `text_of(kind)` gives for every kind of [`KINDS`]: the one
/// validation of the seed files and of every content edit (a message names the file, the item
/// and the field).
/// `complete`: every text in every language (the seed files; see `Translations::check`).
pub fn build(text_of: impl Fn(&str) -> Option<String>, complete: bool) -> Result<Seeds, String> {
    let doc = |kind: &str| text_of(kind).ok_or_else(|| format!("seed/{kind}.json: missing"));
    let seeds = Seeds {
        cms: parse("cms.json", &doc("cms")?)?,
        ads: parse("ads.json", &doc("ads")?)?,
        experiments: parse("experiments.json", &doc("experiments")?)?,
        activities: parse("activities.json", &doc("activities")?)?,
        prompts: parse("prompts.json", &doc("prompts")?)?,
        tools: parse("tools.json", &doc("tools")?)?,
        templates: parse("templates.json", &doc("templates")?)?,
        explore: parse("explore.json", &doc("explore")?)?,
        resources: parse("resources.json", &doc("resources")?)?,
        catalog: crate::store::catalog::build(&doc("skus")?)
            .map_err(|e| format!("seed/skus.json: {e}"))?,
    };
    let ratio_ok = |r: &str| aivg_core::crop::aspect_ratio_size(r).is_ok();
    super::seed_checks::translations(&seeds, complete)?;
    super::seed_checks::templates(&seeds.templates, &seeds.prompts)?;
    let e = &seeds.explore;
    for (i, item) in e.items.iter().enumerate() {
        check(ratio_ok(&item.ratio), || {
            format!("seed/explore.json: item {}: unknown ratio", item.id)
        })?;
        check(!e.items.iter().take(i).any(|o| o.id == item.id), || {
            format!("seed/explore.json: item {} listed twice", item.id)
        })?;
    }
    for item in &e.items {
        uploads_ok(
            &format!("seed/explore.json: item {}", item.id),
            &item.uploads,
        )?;
    }
    for (client, ads) in [("desktop", &seeds.ads.desktop), ("wap", &seeds.ads.wap)] {
        for (i, ad) in ads.iter().enumerate() {
            let at = format!("seed/ads.json: {client} ad {}", ad.module);
            // The console addresses an ad by its module (one ad per slot of a client).
            check(!ads.iter().take(i).any(|o| o.module == ad.module), || {
                format!("{at}: module: listed twice")
            })?;
            uploads_ok(&at, &ad.uploads)?;
        }
    }
    for z in &e.zones {
        check(
            z.explore_ids
                .iter()
                .all(|id| e.items.iter().any(|i| i.id == *id)),
            || format!("seed/explore.json: zone {} names an unknown item", z.id),
        )?;
    }
    let resources = &seeds.resources.resources;
    for (i, r) in resources.iter().enumerate() {
        let at = format!("seed/resources.json: resource {}", r.id);
        check(ratio_ok(&r.ratio), || format!("{at}: unknown ratio"))?;
        // What the library's calls and drawn pictures take (an admin edits the library).
        check(r.id > 0, || format!("{at}: id must be positive"))?;
        check(!resources.iter().take(i).any(|o| o.id == r.id), || {
            format!("{at}: listed twice")
        })?;
        check(!r.name.trim().is_empty(), || format!("{at}: name is empty"))?;
        check(matches!(r.kind.as_str(), "image" | "video"), || {
            format!("{at}: type must be image or video")
        })?;
    }
    for (code, n) in &seeds.experiments.tests {
        check((2..=8).contains(n), || {
            format!("seed/experiments.json: {code} needs 2 to 8 groups")
        })?;
    }
    // A page key is a path with its language prefix (`/home`, `/de/home`): what `cms.rs` looks up.
    for path in seeds.cms.pages.keys() {
        check(path.starts_with('/') && path.len() <= 2048, || {
            format!("seed/cms.json: page {path:?} is not a path starting with '/'")
        })?;
    }
    for name in seeds.cms.redirects.keys() {
        check(
            aivg_core::routes::RouteName::from_name(name).is_some(),
            || format!("seed/cms.json: redirect {name} is not a route name"),
        )?;
    }
    check(
        seeds
            .activities
            .activities
            .contains_key(&seeds.activities.campaign.activity),
        || "seed/activities.json: the campaign names an unknown activity".to_owned(),
    )?;
    Ok(seeds)
}

/// Uploaded media keys are files `content_media` made (`content/…`).
fn uploads_ok(at: &str, media: &TemplateMedia) -> Result<(), String> {
    for (field, key) in [
        ("uploads.picture", &media.picture),
        ("uploads.video", &media.video),
        ("uploads.audio", &media.audio),
    ] {
        check(
            key.as_deref()
                .is_none_or(super::seed_checks::content_key_ok),
            || format!("{at}: {field} is not an uploaded file (content/…)"),
        )?;
    }
    Ok(())
}

static SEEDS: LazyLock<Result<Seeds, String>> = LazyLock::new(load);

/// The seeds, read once.
pub fn seeds() -> Result<&'static Seeds, ApiError> {
    SEEDS.as_ref().map_err(ApiError::internal)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_seed_file_loads() {
        if let Err(e) = super::load() {
            panic!("{e}");
        }
    }
}
