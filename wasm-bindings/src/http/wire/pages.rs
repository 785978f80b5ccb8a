//! CMS data and build manifests (spec 01 §3).

use super::OpenFields;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tsify::Tsify;

/// CMS page data (spec 01 §3): title/description/keywords and HTML blocks.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct CmsData {
    /// Title, description and keywords.
    #[tsify(optional)]
    pub tdk: Option<CmsTdk>,
    /// HTML for the head.
    #[tsify(optional)]
    pub head: Option<String>,
    /// HTML for the content.
    #[tsify(optional)]
    pub content: Option<String>,
    /// HTML for the bottom.
    #[tsify(optional)]
    pub bottom: Option<String>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// Title, description and keywords of [`CmsData`].
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct CmsTdk {
    /// Page title.
    #[tsify(optional)]
    pub title: Option<String>,
    /// Meta description.
    #[tsify(optional)]
    pub description: Option<String>,
    /// Meta keywords.
    #[tsify(optional)]
    pub keywords: Option<String>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// A build manifest (spec 01 §3): id, route matcher, prerendered paths; fields as served.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct BuildManifest {
    /// The build id.
    #[tsify(optional)]
    pub id: Option<String>,
    /// The route matcher, as served.
    #[tsify(optional, type = "unknown")]
    pub matcher: Option<Value>,
    /// Prerendered paths.
    #[tsify(optional)]
    pub prerendered: Option<Vec<String>>,
    /// Anything else the manifest holds.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// builds/latest.json: the newest build id.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct LatestBuild {
    /// The build id.
    #[tsify(optional)]
    pub id: Option<String>,
    /// When it was built.
    #[tsify(optional)]
    pub timestamp: Option<f64>,
    /// Anything else the file holds.
    #[serde(flatten)]
    pub extra: OpenFields,
}
