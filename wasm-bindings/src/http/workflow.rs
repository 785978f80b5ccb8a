//! Workflow, template, explore and zone calls (docs/behaviour/tasks-and-queue.md#templates,
//! #explore). Only the workflow list answer is shown (`list` and `paginate.total`); the others are
//! typed `unknown`.

use wasm_bindgen::prelude::*;

http_call! {
    /// A page of workflows (templates), e.g. effects (docs/behaviour/tasks-and-queue.md#templates).
    /// ```js
    /// const { list, paginate } = await listWorkflows({ page_size: 25, page: 1, fun_module: "effect", fun_category: 3, media: "video" })
    /// ```
    list_workflows => listWorkflows(params: "WorkflowListParams") Get "/v1/workflow/list" -> "Promise<WorkflowListAnswer>"
}

http_call! {
    /// The workflow ct list (docs/behaviour/calls-and-errors.md#request-rules; parameters and
    /// answer not shown).
    /// ```js
    /// const ct = await listWorkflowCt({})
    /// ```
    list_workflow_ct => listWorkflowCt(params?: "Record<string, unknown>") Get "/v1/workflow/ct/list" -> "Promise<unknown>"
}

http_call! {
    /// One workflow's information (docs/behaviour/calls-and-errors.md#request-rules; parameters and
    /// answer not shown).
    /// ```js
    /// const info = await getWorkflowInfo({ id: 12 })
    /// ```
    get_workflow_info => getWorkflowInfo(params?: "Record<string, unknown>") Get "/v1/workflow/info" -> "Promise<unknown>"
}

http_call! {
    /// The workflow categories (docs/behaviour/calls-and-errors.md#request-rules; payload not
    /// shown).
    /// ```js
    /// const categories = await listWorkflowCategories({})
    /// ```
    list_workflow_categories => listWorkflowCategories(params?: "Record<string, unknown>") Post "/v1/workflow/category/list" -> "Promise<unknown>"
}

http_call! {
    /// The library resources (docs/behaviour/calls-and-errors.md#request-rules).
    /// ```js
    /// const resources = await listWorkflowResources({ params: { page: 1 }, operation: "list" })
    /// ```
    list_workflow_resources => listWorkflowResources(params: "WorkflowResourceListParams") Post "/v1/workflow/resource/list" -> "Promise<unknown>"
}

http_call! {
    /// One library resource (docs/behaviour/calls-and-errors.md#request-rules).
    /// ```js
    /// const resource = await getWorkflowResourceInfo({ id: 5 })
    /// ```
    get_workflow_resource_info => getWorkflowResourceInfo(params: "IdParams") Get "/v1/workflow/resource/info" -> "Promise<unknown>"
}

http_call! {
    /// Exports a library resource (docs/behaviour/calls-and-errors.md#request-rules).
    /// ```js
    /// await exportWorkflowResource({ res_id: 5, export_type: "mp4" })
    /// ```
    export_workflow_resource => exportWorkflowResource(params: "WorkflowExportParams") Post "/v1/workflow/resource/export" -> "Promise<unknown>"
}

http_call! {
    /// The explore zones (docs/behaviour/tasks-and-queue.md#explore; a zone with visible_status 1
    /// is publishable).
    /// ```js
    /// const zones = await listZones()
    /// ```
    list_zones => listZones() Get "/v1/workflow/zone/list" -> "Promise<unknown>"
}

http_call! {
    /// One explore zone (docs/behaviour/tasks-and-queue.md#explore).
    /// ```js
    /// const zone = await getZoneInfo({ id: 2 })
    /// ```
    get_zone_info => getZoneInfo(params: "IdParams") Get "/v1/workflow/zone/info" -> "Promise<unknown>"
}

http_call! {
    /// A page of explore items (docs/behaviour/tasks-and-queue.md#explore).
    /// ```js
    /// const page = await listExplore({ page: 1, page_size: 20, media: "image", recommend: 1 })
    /// ```
    list_explore => listExplore(params?: "ExploreListParams") Get "/v1/workflow/explore/list" -> "Promise<unknown>"
}

http_call! {
    /// One explore item (docs/behaviour/tasks-and-queue.md#explore).
    /// ```js
    /// const item = await getExploreInfo({ id: 1448 })
    /// ```
    get_explore_info => getExploreInfo(params: "IdParams") Get "/v1/workflow/explore/info" -> "Promise<unknown>"
}

http_call! {
    /// Sample prompts for a key (docs/behaviour/tasks-and-queue.md#task-inputs).
    /// ```js
    /// const samples = await getPromptSample({ key: "text2video" })
    /// ```
    get_prompt_sample => getPromptSample(params: "KeyParams") Get "/v1/common/prompt_sample" -> "Promise<unknown>"
}

http_call! {
    /// Demo items for a key (docs/behaviour/tasks-and-queue.md#explore).
    /// ```js
    /// const demos = await listDemos({ key: "bg-remover" })
    /// ```
    list_demos => listDemos(params: "KeyParams") Get "/v1/common/demo/list" -> "Promise<unknown>"
}

http_call! {
    /// Recommended templates (docs/behaviour/tasks-and-queue.md#templates).
    /// ```js
    /// const tpls = await getRecommendedTemplates({ tag: "mai-fs", action_conf: "hot", action_conf_value: 1 })
    /// ```
    get_recommended_templates => getRecommendedTemplates(params?: "RecommendTplParams") Get "/v1/recommend/tpl" -> "Promise<unknown>"
}

http_call! {
    /// Runs a workflow directly (docs/behaviour/tasks-and-queue.md#templates; payload not shown).
    /// ```js
    /// const task = await runWorkflowDirect({ tpl_id: 7, data: {} })
    /// ```
    run_workflow_direct => runWorkflowDirect(params?: "Record<string, unknown>") Post "/v1/workflow/direct" -> "Promise<unknown>"
}
