//! The HTTP answer of the domain errors: the domain modules (the task lifecycle, its inputs and
//! minutes, the uploaded objects) say why they refused in their own error types, callable without
//! HTTP; here each becomes its envelope (status, code, message), so `?` in a handler answers it.
//!
//! In a file of its own, not `api.rs`: the domain modules import `api.rs` (through the limits and
//! the sessions), so `api.rs` naming them would close an import circle (tests/layers.rs).

use crate::api::ApiError;
use crate::tasks::lifecycle::{CODE_INSUFFICIENT_CREDITS, CODE_TOO_MANY_QUEUED, CreateError};
use crate::tasks::minutes::MinutesError;
use crate::tasks::modules::InputError;
use crate::uploads::objects::ObjectError;
use aivg_core::Coded;
use aivg_core::request::CODE_UPGRADE_REQUIRED;
use aivg_core::session::AccountError;
use aivg_core::tasks::{CODE_MINUTES_USED_UP, MinuteError};
use axum::http::StatusCode;

impl From<ObjectError> for ApiError {
    fn from(e: ObjectError) -> Self {
        match e {
            ObjectError::Missing { .. } | ObjectError::Malformed { .. } => {
                ApiError::bad_request(e.to_string())
            }
            ObjectError::NotYours { .. } => ApiError::not_found(e.to_string()),
            ObjectError::Db(e) => e.into(),
        }
    }
}

impl From<InputError> for ApiError {
    fn from(e: InputError) -> Self {
        match e {
            InputError::Invalid { .. } | InputError::WrongKind(_) => {
                ApiError::bad_request(e.to_string())
            }
            InputError::Object(e) => e.into(),
        }
    }
}

impl From<MinutesError> for ApiError {
    fn from(e: MinutesError) -> Self {
        match e {
            MinutesError::Refused(refused @ MinuteError::NotIncluded { .. }) => ApiError::new(
                StatusCode::FORBIDDEN,
                CODE_UPGRADE_REQUIRED,
                refused.to_string(),
            ),
            MinutesError::Refused(refused @ MinuteError::UsedUp { .. }) => ApiError::new(
                StatusCode::FORBIDDEN,
                CODE_MINUTES_USED_UP,
                refused.to_string(),
            ),
            MinutesError::Refused(refused @ MinuteError::UnknownLength) => {
                ApiError::invalid("data.file_path", refused)
            }
            MinutesError::Calendar | MinutesError::NoPlanLevel(_) | MinutesError::Probe(_) => {
                ApiError::internal(e)
            }
            MinutesError::Db(e) => e.into(),
        }
    }
}

impl From<CreateError> for ApiError {
    fn from(e: CreateError) -> Self {
        match e {
            CreateError::TooManyQueued { .. } => ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                CODE_TOO_MANY_QUEUED,
                e.to_string(),
            ),
            CreateError::Insufficient { .. } => ApiError::new(
                StatusCode::PAYMENT_REQUIRED,
                CODE_INSUFFICIENT_CREDITS,
                e.to_string(),
            ),
            CreateError::Minutes(e) => e.into(),
            CreateError::AlreadyRetried { .. } => ApiError::conflict(e.to_string()),
            CreateError::AlreadyRefunded => ApiError::internal(e),
            CreateError::Db(e) => e.into(),
        }
    }
}

/// The account provider's refusals: 400, except an e-mail already registered (409) and too many
/// attempts (429); each with its `kind` for the pages' translation.
impl From<AccountError> for ApiError {
    fn from(e: AccountError) -> Self {
        let status = match e {
            AccountError::EmailTaken => StatusCode::CONFLICT,
            AccountError::TooManyAttempts => StatusCode::TOO_MANY_REQUESTS,
            AccountError::AccountDisabled => StatusCode::FORBIDDEN,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, i64::from(status.as_u16()), e.to_string()).with_kind(e.code())
    }
}
