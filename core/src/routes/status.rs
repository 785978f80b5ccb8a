//! The HTTP status of a page: the status its page shows
//! (docs/behaviour/languages-and-routes.md#routes), so the server answers a request with what the
//! app then displays (docs/behaviour/languages-and-routes.md).

use super::RouteName;

/// The status the page of route `name` shows: 404 for `/404` and for a path no route matches
/// (the catch-all page shows the not-found error page), 500 for `/debug/test-error` (its page
/// raises an error, which the error page shows as 500), 200 for every other route (the redirecting
/// ones included: the app redirects in the browser).
pub fn page_status(name: RouteName) -> u16 {
    match name {
        RouteName::NotFound | RouteName::CatchAll => 404,
        RouteName::DebugTestError => 500,
        _ => 200,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::match_route;

    #[test]
    fn unknown_paths_and_the_404_page_are_404_in_every_language() {
        for path in [
            "/no-such-page",
            "/ja/no-such",
            "/de/no-such",
            "/404",
            "/zz/404",
            "//home",
        ] {
            assert_eq!(page_status(match_route(path).name), 404, "{path}");
        }
    }

    #[test]
    fn known_pages_are_200_and_the_test_error_is_500() {
        for path in [
            "/",
            "/home",
            "/de/explore",
            "/create",
            "/ai-tools/bg-remover",
        ] {
            assert_eq!(page_status(match_route(path).name), 200, "{path}");
        }
        assert_eq!(page_status(match_route("/fr/debug/test-error").name), 500);
    }
}
