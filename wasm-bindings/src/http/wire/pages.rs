//! CMS data and build manifests (docs/behaviour/languages-and-routes.md#build-updates).

use super::OpenFields;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tsify::Tsify;

/// CMS page data (docs/behaviour/languages-and-routes.md#page-content): title/description/keywords
/// and HTML blocks.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct CmsData {
    /// Title, description and keywords.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tdk: Option<CmsTdk>,
    /// HTML for the head.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub head: Option<String>,
    /// HTML for the content.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    /// HTML for the bottom.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bottom: Option<String>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// Title, description and keywords of [`CmsData`].
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct CmsTdk {
    /// Page title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Meta description.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Meta keywords.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keywords: Option<String>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// A build manifest (docs/behaviour/languages-and-routes.md#build-updates): id, route matcher,
/// prerendered paths; fields as served.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct BuildManifest {
    /// The build id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The route matcher, as served.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "unknown")]
    pub matcher: Option<Value>,
    /// Prerendered paths.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prerendered: Option<Vec<String>>,
    /// Anything else the manifest holds.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// builds/latest.json: the newest build id.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct LatestBuild {
    /// The build id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// When it was built.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<f64>,
    /// Anything else the file holds.
    #[serde(flatten)]
    pub extra: OpenFields,
}
