//! ComfyUI workflows: the shipped ones (one per catalogue workflow name, generated from
//! Comfy-Org's official templates into `server/workflows/`), an operator's overrides
//! (`AIVG_WORKFLOWS_DIR`), placeholder filling, and the check of a workflow against ComfyUI's
//! node schemas (`GET /object_info`) and the model files it needs. See
//! `server/workflows/README.md` for the placeholders and the models.
//!
//! Use: `load(code, name, dir)?` → `workflow.fill(&vars)?` → `check_workflow(&filled,
//! &object_info)` (empty = ComfyUI will accept it) and `required_models(&filled)` against
//! `GET /models/{folder}`.

pub mod check;
pub mod fill;
pub mod shipped;

pub use check::{LOADERS, Problem, check_workflow, required_models};
pub use fill::{Unfilled, Vars, fill, placeholders};
pub use shipped::{
    Index, ModelInfo, Origin, SHIPPED, Workflow, WorkflowError, WorkflowInfo, index, load,
    parse_api, shipped,
};
