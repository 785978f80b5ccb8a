//! Settings of the task runner (see the table in `config.rs`).

use crate::config::ConfigError;

/// How tasks run.
#[derive(Debug, Clone)]
pub struct TaskSettings {
    /// `AIVG_COMFYUI_URL`: run on this ComfyUI server instead of the built-in `local` provider.
    pub comfyui_url: Option<String>,
    /// `AIVG_TASK_WORKERS`: tasks run at once (1 to 64, default 2); the rest wait in the queue.
    pub workers: usize,
    /// `AIVG_TASK_TEST_HOOKS=1`: prompts containing `[fail]` fail and `[slow]` run ~20 s, so
    /// refunds, cancels and restarts can be tested. Off unless set (on in `Config::for_tests`).
    pub test_hooks: bool,
    /// `AIVG_FFMPEG`: the ffmpeg program (default `ffmpeg`).
    pub ffmpeg: String,
    /// `AIVG_DRAIN_SECONDS`: on SIGTERM, how long running tasks may go on before the instance
    /// leaves them for another (0 to 3600, default 25: inside a usual 30 s stop timeout).
    pub drain_s: u64,
}

impl Default for TaskSettings {
    fn default() -> Self {
        Self {
            comfyui_url: None,
            workers: 2,
            test_hooks: false,
            ffmpeg: "ffmpeg".into(),
            drain_s: 25,
        }
    }
}

impl TaskSettings {
    /// Reads the variables through `var`.
    pub fn from_env(var: &dyn Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let workers = match var("AIVG_TASK_WORKERS") {
            None => 2,
            Some(raw) => match raw.trim().parse::<usize>() {
                Ok(n) if (1..=64).contains(&n) => n,
                _ => {
                    return Err(ConfigError {
                        name: "AIVG_TASK_WORKERS",
                        problem: format!("{raw:?} is not a number of workers from 1 to 64"),
                    });
                }
            },
        };
        let comfyui_url =
            var("AIVG_COMFYUI_URL").map(|u| u.trim().trim_end_matches('/').to_owned());
        if let Some(url) = &comfyui_url
            && !(url.starts_with("http://") || url.starts_with("https://"))
        {
            return Err(ConfigError {
                name: "AIVG_COMFYUI_URL",
                problem: format!("{url:?} must start with http:// or https://"),
            });
        }
        let drain_s = match var("AIVG_DRAIN_SECONDS") {
            None => 25,
            Some(raw) => match raw.trim().parse::<u64>() {
                Ok(n) if n <= 3600 => n,
                _ => {
                    return Err(ConfigError {
                        name: "AIVG_DRAIN_SECONDS",
                        problem: format!("{raw:?} is not a number of seconds from 0 to 3600"),
                    });
                }
            },
        };
        Ok(Self {
            drain_s,
            comfyui_url,
            workers,
            test_hooks: var("AIVG_TASK_TEST_HOOKS")
                .is_some_and(|v| v == "1" || v.eq_ignore_ascii_case("true")),
            ffmpeg: var("AIVG_FFMPEG").unwrap_or_else(|| "ffmpeg".into()),
        })
    }

    /// Tests: two workers, test hooks on, the local provider, no drain wait on stop.
    pub fn for_tests() -> Self {
        Self {
            test_hooks: true,
            drain_s: 0,
            ..Self::default()
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn ffmpeg_program_comes_from_aivg_ffmpeg() {
        let s = TaskSettings::from_env(&env(&[])).unwrap();
        assert_eq!(s.ffmpeg, "ffmpeg");
        let s = TaskSettings::from_env(&env(&[("AIVG_FFMPEG", "/opt/ff/bin/ffmpeg")])).unwrap();
        assert_eq!(s.ffmpeg, "/opt/ff/bin/ffmpeg");
    }

    #[test]
    fn bad_worker_counts_and_urls_name_their_variable() {
        let e = TaskSettings::from_env(&env(&[("AIVG_TASK_WORKERS", "0")])).unwrap_err();
        assert_eq!(e.name, "AIVG_TASK_WORKERS");
        let e = TaskSettings::from_env(&env(&[("AIVG_COMFYUI_URL", "comfy:8188")])).unwrap_err();
        assert_eq!(e.name, "AIVG_COMFYUI_URL");
    }
}
