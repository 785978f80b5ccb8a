//! Errors of the routes area.

use crate::Coded;

/// Why a route could not be looked up or its path built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RoutesError {
    /// The name is none of the route names of docs/behaviour/languages-and-routes.md#routes.
    #[error("\"{0}\" is not a route name")]
    UnknownRoute(String),
    /// The route is a named section without a path (Pricing,
    /// docs/behaviour/languages-and-routes.md#routes: "A pricing path is not shown").
    #[error("the {0} section has no page of its own; open it as a dialog instead")]
    NoPath(String),
    /// A parameter the path needs is missing.
    #[error("the {route} route needs the {param} parameter")]
    MissingParam {
        /// The route name.
        route: String,
        /// The missing parameter, e.g. `"semantic"` when only `tabname` was given.
        param: String,
    },
    /// A parameter the route does not have was given.
    #[error("the {route} route has no {param} parameter")]
    UnexpectedParam {
        /// The route name.
        route: String,
        /// The parameter given.
        param: String,
    },
}

impl Coded for RoutesError {
    fn code(&self) -> &'static str {
        match self {
            Self::UnknownRoute(_) => "unknown_route",
            Self::NoPath(_) => "route_has_no_path",
            Self::MissingParam { .. } => "missing_param",
            Self::UnexpectedParam { .. } => "unexpected_param",
        }
    }
}
