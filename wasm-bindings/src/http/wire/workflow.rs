//! Template lists, resources and explore (docs/behaviour/tasks-and-queue.md#templates, #explore).

use super::OpenFields;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tsify::Tsify;

/// GET /v1/workflow/list (template lists: fun_module "effect", page size 25).
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct WorkflowListParams {
    /// Templates per page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_size: Option<f64>,
    /// Page, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<f64>,
    /// The module ("effect" for template lists).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fun_module: Option<String>,
    /// The category.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "string | number")]
    pub fun_category: Option<Value>,
    /// The media kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media: Option<String>,
}

/// The answer of GET /v1/workflow/list.
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct WorkflowListAnswer {
    /// The templates, as sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list: Option<Vec<OpenFields>>,
    /// Paging.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paginate: Option<WorkflowListPaginate>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// The paging of [`WorkflowListAnswer`].
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct WorkflowListPaginate {
    /// Templates in all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<f64>,
    /// Anything else the server sends.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// POST /v1/workflow/resource/list
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct WorkflowResourceListParams {
    /// The list's filters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub params: Option<OpenFields>,
    /// The operation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operation: Option<String>,
    /// Anything else the call takes.
    #[serde(flatten)]
    pub extra: OpenFields,
}

/// GET calls that take one id (resource info, zone info, explore info).
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct IdParams {
    /// The id.
    #[tsify(type = "string | number")]
    pub id: Value,
}

/// POST /v1/workflow/resource/export
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct WorkflowExportParams {
    /// The resource.
    #[tsify(type = "string | number")]
    pub res_id: Value,
    /// The export format.
    #[tsify(type = "string | number")]
    pub export_type: Value,
}

/// GET /v1/workflow/explore/list
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct ExploreListParams {
    /// Page, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<f64>,
    /// Items per page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_size: Option<f64>,
    /// The media kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media: Option<String>,
    /// Recommended items only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "number | boolean | string")]
    pub recommend: Option<Value>,
}

/// GET /v1/common/prompt_sample and /v1/common/demo/list
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct KeyParams {
    /// The key.
    pub key: String,
}

/// GET /v1/recommend/tpl
#[derive(Debug, Clone, Serialize, Deserialize, Tsify)]
pub struct RecommendTplParams {
    /// The tag.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    /// The action configuration.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action_conf: Option<String>,
    /// Its value.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "string | number")]
    pub action_conf_value: Option<Value>,
}
