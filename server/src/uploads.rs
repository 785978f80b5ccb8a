//! Routes of the uploads area (filled by its helper).

use crate::app::AppState;
use axum::Router;

/// The routes of this area, merged into the app router.
pub fn routes() -> Router<AppState> {
    Router::new()
}
