//! The middleware that limits calls by route class, per client address and, for the free calls,
//! per account too (the account of a validly signed Bearer token; the session is checked later
//! by the handler as usual):
//!
//! | class | calls | limits |
//! |---|---|---|
//! | sign-up | `POST /account/register` | `AIVG_LIMIT_SIGNUP` per address |
//! | code | `POST /v1/oauth/token` | `AIVG_LIMIT_CODE` per address |
//! | free | `POST /v1/ai/prompt/img2prompt`, `/v1/ai/prompt/polish`, `GET /v1/common/oss/mediainfo`, `POST /v1/ai/task/like`, `/v1/ai/task/data_save`, `POST /v1/ai/create/{instant}` | `AIVG_LIMIT_FREE_IP` per address, `AIVG_LIMIT_FREE_USER` per account |
//! | list | `POST /v1/ai/task` (the task list), `POST /v1/ai/result/batch`, every `/v1/admin/` call | `AIVG_LIMIT_LIST` per account (they answer only signed-in users; not per address, where the app's polling of many users behind one network would add up) |
//! | anonymous writes | `POST /v1/analytics/events`, `POST /v1/explore/report`, `GET /v1/common/ab-test` | `AIVG_LIMIT_ANON` per address |
//! | API key | every call made with an API key (`accounts/auth/api_keys.rs`) | `AIVG_LIMIT_API_KEY` per key, then the account's limits of the call's class; checked by the key's extractor ([`check_key_call`]), which knows whose key it is |
//!
//! Log-in is limited inside its handler, which knows the e-mail (see [`super::login`]). Paid
//! calls are bounded by credits and the per-user queue limits.

use super::client_ip::{client_ip, limit_key};
use super::refused;
use crate::state::AppState;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// What a call counts as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RouteClass {
    Signup,
    Code,
    Free,
    /// The task list and the batch of results: up to 100 task rows per call.
    List,
    AnonWrite,
}

/// The class of a call, `None` for calls these limits leave alone.
pub fn classify(method: &Method, path: &str) -> Option<RouteClass> {
    let post = method == Method::POST;
    let get = method == Method::GET;
    match path {
        "/account/register" if post => Some(RouteClass::Signup),
        "/v1/oauth/token" if post => Some(RouteClass::Code),
        "/v1/ai/prompt/img2prompt"
        | "/v1/ai/prompt/polish"
        | "/v1/ai/task/like"
        | "/v1/ai/task/data_save"
            if post =>
        {
            Some(RouteClass::Free)
        }
        "/v1/common/oss/mediainfo" if get => Some(RouteClass::Free),
        "/v1/ai/task" | "/v1/ai/result/batch" if post => Some(RouteClass::List),
        "/v1/analytics/events" | "/v1/explore/report" if post => Some(RouteClass::AnonWrite),
        "/v1/common/ab-test" if get => Some(RouteClass::AnonWrite),
        _ if path.starts_with("/v1/admin/") => Some(RouteClass::List),
        _ => path
            .strip_prefix("/v1/ai/create/")
            .filter(|algorithm| post && crate::tasks::instant::is_instant(algorithm))
            .map(|_| RouteClass::Free),
    }
}

/// The middleware (see the module doc).
pub async fn guard(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let Some(class) = classify(req.method(), req.uri().path()) else {
        return next.run(req).await;
    };
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip());
    let limits = &state.limits;
    let ip = limit_key(client_ip(limits.settings(), peer, req.headers()));
    let i = &limits.inner;
    let checked = match class {
        RouteClass::Signup => i
            .signup_ip
            .check(&ip)
            .map_err(|s| refused("new accounts from your network", s)),
        RouteClass::Code => i
            .code_ip
            .check(&ip)
            .map_err(|s| refused("sign-in code exchanges from your network", s)),
        RouteClass::AnonWrite => i
            .anon_ip
            .check(&ip)
            .map_err(|s| refused("requests from your network", s)),
        RouteClass::List => match crate::accounts::auth::signed_uid(&state.jwt, req.headers()) {
            Some(uid) => i
                .list_user
                .check(&uid)
                .map_err(|s| refused("requests for your account", s)),
            None => Ok(()),
        },
        RouteClass::Free => i
            .free_ip
            .check(&ip)
            .map_err(|s| refused("requests from your network", s))
            .and_then(
                |()| match crate::accounts::auth::signed_uid(&state.jwt, req.headers()) {
                    Some(uid) => i
                        .free_user
                        .check(&uid)
                        .map_err(|s| refused("requests for your account", s)),
                    None => Ok(()),
                },
            ),
    };
    match checked {
        Ok(()) => next.run(req).await,
        Err(e) => e.into_response(),
    }
}

/// A call made with an API key (see the module doc): the key's own allowance, then its owner's
/// per-account allowance of the free and list classes (the middleware above only reads the
/// owner of access tokens, which carry it signed).
pub fn check_key_call(
    limits: &super::Limits,
    key_id: i64,
    uid: &str,
    method: &Method,
    path: &str,
) -> Result<(), crate::api::ApiError> {
    let i = &limits.inner;
    i.api_key
        .check(&key_id)
        .map_err(|s| refused("requests with this API key", s))?;
    let uid = uid.to_owned();
    match classify(method, path) {
        Some(RouteClass::List) => i.list_user.check(&uid),
        Some(RouteClass::Free) => i.free_user.check(&uid),
        _ => Ok(()),
    }
    .map_err(|s| refused("requests for your account", s))
}

/// The client's address as a handler argument (here, beside the other request-time parts,
/// so `client_ip.rs` stays free of the application state).
impl axum::extract::FromRequestParts<AppState> for super::ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        Ok(Self(super::client_ip::of_parts(
            state.limits.settings(),
            parts,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_fall_in_their_class() {
        let c = |m: Method, p| classify(&m, p);
        assert_eq!(
            c(Method::POST, "/account/register"),
            Some(RouteClass::Signup)
        );
        assert_eq!(c(Method::GET, "/account/register"), None, "the page");
        assert_eq!(
            c(Method::POST, "/v1/ai/create/image_fkp"),
            Some(RouteClass::Free)
        );
        assert_eq!(c(Method::POST, "/v1/ai/create/text2image"), None, "paid");
        assert_eq!(
            c(Method::GET, "/v1/common/ab-test"),
            Some(RouteClass::AnonWrite)
        );
        assert_eq!(
            c(Method::POST, "/v1/analytics/events"),
            Some(RouteClass::AnonWrite)
        );
        assert_eq!(
            c(Method::GET, "/v1/common/oss/mediainfo"),
            Some(RouteClass::Free)
        );
        assert_eq!(c(Method::POST, "/v1/user"), None);
        assert_eq!(c(Method::POST, "/v1/ai/task"), Some(RouteClass::List));
        assert_eq!(
            c(Method::POST, "/v1/ai/result/batch"),
            Some(RouteClass::List)
        );
        assert_eq!(c(Method::POST, "/v1/ai/task/like"), Some(RouteClass::Free));
    }
}
