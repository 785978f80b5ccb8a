//! Settings of the task runner (see `docs/configuration.md`, "Engines and tasks").

use super::engines::file::{self as engines_file, EnginesFile};
use crate::config::error::ConfigError;
use crate::config::number::number_in;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::Duration;

/// The default queue of fal.ai (here, with the rest of its settings, so the configuration
/// reads them without importing the fal provider).
pub const DEFAULT_FAL_URL: &str = "https://queue.fal.run";

/// How tasks run.
#[derive(Debug, Clone)]
pub struct TaskSettings {
    /// `AIVG_COMFYUI_URL`: one ComfyUI server, or several separated by commas, each with
    /// `#slots=N` when it may run N prompts at once ([`comfyui_servers`]); every module
    /// with a workflow then runs on them (see `tasks/comfyui/mod.rs`), the others locally.
    pub comfyui_url: Option<String>,
    /// `AIVG_COMFYUI_IDLE_S` (default 300): a running prompt with no message and no progress for
    /// this long is looked for in ComfyUI's queue and history (vanished: resubmitted once).
    pub comfyui_idle: Duration,
    /// `AIVG_COMFYUI_READ_S` (default 120): an HTTP call to ComfyUI without an answer for this
    /// long fails (the server counts as down).
    pub comfyui_read_timeout: Duration,
    /// `AIVG_COMFYUI_REPROBE_S` (default 30): how often a ComfyUI server that stopped answering
    /// is asked again, and how long a server's node and model lists are kept.
    pub comfyui_reprobe: Duration,
    /// `AIVG_COMFYUI_DECK` (0 to 4, default 1): tasks lined up behind each running prompt of
    /// this instance, their prompts made ready on its server so it gets the next one at once
    /// (`comfyui/deck.rs`); 0: a task is claimed only for a free slot.
    pub comfyui_deck: usize,
    /// `AIVG_WORKFLOWS_DIR`: the operator's workflows (`<module>.json` or `<workflow>.json`, an
    /// "Export (API)" of ComfyUI) that replace the shipped ones.
    pub workflows_dir: Option<PathBuf>,
    /// `AIVG_ESPEAK` (default `espeak-ng`): the text-to-speech program of `talking_face_tts`.
    pub espeak: String,
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
    /// `AIVG_TASK_MAX_RUNNING_PER_USER`: tasks of one user run at once at most (default 2);
    /// workers take other users' tasks meanwhile (the fair queue, `worker.rs`).
    pub max_running_per_user: usize,
    /// `AIVG_TASK_MAX_QUEUED_PER_USER`: tasks of one user waiting at most (default 20); one more
    /// is refused (429) before anything is charged.
    pub max_queued_per_user: usize,
    /// `AIVG_FAL_KEY`: runs the modules that have a fal.ai model there (see `tasks/fal/`).
    pub fal_key: Option<String>,
    /// `AIVG_FAL_URL` (default `https://queue.fal.run`): fal's queue, replaced in tests.
    pub fal_url: String,
    /// `AIVG_FAL_POLL_MS` (default 1000): how often a fal request's status is asked.
    pub fal_poll: Duration,
    /// `AIVG_ENGINES_FILE`: the engines per module (see `tasks/engines/file.rs`), with its path.
    pub engines: Option<(PathBuf, EnginesFile)>,
    /// `AIVG_STREAM_CHECK_S` (default 15): how often the sessions of the open event streams are
    /// checked (one query for all of them, `events.rs`); a stream of a session that logged out
    /// or was revoked ends within this time.
    pub stream_session_check: Duration,
}

impl Default for TaskSettings {
    fn default() -> Self {
        Self {
            comfyui_url: None,
            comfyui_idle: Duration::from_secs(300),
            comfyui_read_timeout: Duration::from_secs(120),
            comfyui_reprobe: Duration::from_secs(30),
            comfyui_deck: 1,
            workflows_dir: None,
            espeak: "espeak-ng".into(),
            workers: 2,
            test_hooks: false,
            ffmpeg: "ffmpeg".into(),
            drain_s: 25,
            max_running_per_user: 2,
            max_queued_per_user: 20,
            fal_key: None,
            fal_url: DEFAULT_FAL_URL.into(),
            fal_poll: Duration::from_secs(1),
            engines: None,
            stream_session_check: Duration::from_secs(15),
        }
    }
}

/// The servers of an `AIVG_COMFYUI_URL` value: comma separated, trimmed, without a trailing
/// slash, empty items skipped.
pub fn comfyui_urls(list: &str) -> Vec<String> {
    comfyui_servers(list).into_iter().map(|(u, _)| u).collect()
}

/// The most prompts one ComfyUI server may be given at once (`#slots=N`).
pub const MAX_SLOTS: usize = 64;

/// The servers of `AIVG_COMFYUI_URL` with their slots: `url#slots=N` gives a server N prompts
/// at once (default 1: a GPU runs one prompt at a time, so a second one would only wait in
/// ComfyUI's queue, out of our fairness and cancellation; docs/engines.md#a-fleet-of-gpus). A
/// bad or missing number counts as 1 here; `TaskSettings::from_env` refuses it with its name.
pub fn comfyui_servers(list: &str) -> Vec<(String, usize)> {
    list.split(',')
        .filter_map(|entry| {
            let (url, slots) = split_slots(entry);
            let url = url.trim().trim_end_matches('/');
            (!url.is_empty()).then(|| (url.to_owned(), slots.unwrap_or(Ok(1)).unwrap_or(1)))
        })
        .collect()
}

/// `url#slots=N` → (url, Some(N or why not)); a URL without `#` → (url, None).
fn split_slots(entry: &str) -> (&str, Option<Result<usize, String>>) {
    let Some((url, frag)) = entry.split_once('#') else {
        return (entry, None);
    };
    let n = frag
        .trim()
        .strip_prefix("slots=")
        .and_then(|n| n.trim().parse::<usize>().ok())
        .filter(|n| (1..=MAX_SLOTS).contains(n))
        .ok_or_else(|| format!("#{frag}: write #slots=N with N from 1 to {MAX_SLOTS}"));
    (url, Some(n))
}

impl TaskSettings {
    /// Reads the variables through `var`.
    pub fn from_env(var: &dyn Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let read = |name: &'static str, default: u64, range: RangeInclusive<u64>, what: &str| {
            number_in(name, var(name), default, range, what)
        };
        let workers = number_in(
            "AIVG_TASK_WORKERS",
            var("AIVG_TASK_WORKERS"),
            2,
            1..=64,
            "a number of workers",
        )?;
        let comfyui_url = var("AIVG_COMFYUI_URL").filter(|u| !u.trim().is_empty());
        if let Some(list) = &comfyui_url {
            for entry in list.split(',') {
                if let (url, Some(Err(why))) = split_slots(entry) {
                    return Err(ConfigError {
                        name: "AIVG_COMFYUI_URL",
                        problem: format!("{:?}: {why}", url.trim()),
                    });
                }
            }
            for url in comfyui_urls(list) {
                if !(url.starts_with("http://") || url.starts_with("https://")) {
                    return Err(ConfigError {
                        name: "AIVG_COMFYUI_URL",
                        problem: format!("{url:?} must start with http:// or https://"),
                    });
                }
            }
        }
        let drain_s = read("AIVG_DRAIN_SECONDS", 25, 0..=3600, "a number of seconds")?;
        let seconds = |name: &'static str, default: u64| {
            read(name, default, 1..=86_400, "a number of seconds").map(Duration::from_secs)
        };
        let count = |name: &'static str, default: usize| {
            number_in(name, var(name), default, 1..=10_000, "a number")
        };
        let fal_url = var("AIVG_FAL_URL")
            .map(|u| u.trim().trim_end_matches('/').to_owned())
            .unwrap_or_else(|| DEFAULT_FAL_URL.into());
        if !(fal_url.starts_with("http://") || fal_url.starts_with("https://")) {
            return Err(ConfigError {
                name: "AIVG_FAL_URL",
                problem: format!("{fal_url:?} must start with http:// or https://"),
            });
        }
        let fal_poll = Duration::from_millis(read(
            "AIVG_FAL_POLL_MS",
            1_000,
            10..=60_000,
            "a number of milliseconds",
        )?);
        let engines = match var("AIVG_ENGINES_FILE").filter(|p| !p.trim().is_empty()) {
            None => None,
            Some(path) => {
                let path = PathBuf::from(path.trim());
                let file = engines_file::load(&path).map_err(|problem| ConfigError {
                    name: "AIVG_ENGINES_FILE",
                    problem,
                })?;
                Some((path, file))
            }
        };
        Ok(Self {
            fal_key: var("AIVG_FAL_KEY")
                .map(|k| k.trim().to_owned())
                .filter(|k| !k.is_empty()),
            fal_url,
            fal_poll,
            engines,
            max_running_per_user: count("AIVG_TASK_MAX_RUNNING_PER_USER", 2)?,
            max_queued_per_user: count("AIVG_TASK_MAX_QUEUED_PER_USER", 20)?,
            drain_s,
            comfyui_url,
            comfyui_idle: seconds("AIVG_COMFYUI_IDLE_S", 300)?,
            comfyui_read_timeout: seconds("AIVG_COMFYUI_READ_S", 120)?,
            comfyui_reprobe: seconds("AIVG_COMFYUI_REPROBE_S", 30)?,
            comfyui_deck: number_in(
                "AIVG_COMFYUI_DECK",
                var("AIVG_COMFYUI_DECK"),
                1,
                0..=4,
                "a number of tasks",
            )?,
            stream_session_check: Duration::from_secs(read(
                "AIVG_STREAM_CHECK_S",
                15,
                1..=3600,
                "a number of seconds",
            )?),
            workflows_dir: var("AIVG_WORKFLOWS_DIR")
                .filter(|d| !d.trim().is_empty())
                .map(PathBuf::from),
            espeak: var("AIVG_ESPEAK").unwrap_or_else(|| "espeak-ng".into()),
            workers,
            test_hooks: var("AIVG_TASK_TEST_HOOKS")
                .is_some_and(|v| v == "1" || v.eq_ignore_ascii_case("true")),
            ffmpeg: var("AIVG_FFMPEG").unwrap_or_else(|| "ffmpeg".into()),
        })
    }

    /// Tests: two workers, test hooks on, the local provider, no drain wait on stop, the
    /// streams' sessions checked every second (a logged-out stream ends soon).
    pub fn for_tests() -> Self {
        Self {
            test_hooks: true,
            drain_s: 0,
            stream_session_check: Duration::from_secs(1),
            ..Self::default()
        }
    }
}

#[cfg(test)]
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
        let e = TaskSettings::from_env(&env(&[("AIVG_COMFYUI_URL", "http://a:8188, gpu2:8188")]))
            .unwrap_err();
        assert!(e.problem.contains("gpu2"), "{}", e.problem);
        let e = TaskSettings::from_env(&env(&[("AIVG_COMFYUI_IDLE_S", "0")])).unwrap_err();
        assert_eq!(e.name, "AIVG_COMFYUI_IDLE_S");
    }

    #[test]
    fn fal_and_the_engines_file_are_read() {
        let s = TaskSettings::from_env(&env(&[])).unwrap();
        assert_eq!(
            (s.fal_key, s.fal_url.as_str()),
            (None, "https://queue.fal.run")
        );
        let s = TaskSettings::from_env(&env(&[
            ("AIVG_FAL_KEY", " abc:def "),
            ("AIVG_FAL_URL", "http://127.0.0.1:9/"),
        ]))
        .unwrap();
        assert_eq!(s.fal_key.as_deref(), Some("abc:def"));
        assert_eq!(s.fal_url, "http://127.0.0.1:9");
        let e = TaskSettings::from_env(&env(&[("AIVG_FAL_POLL_MS", "1")])).unwrap_err();
        assert_eq!(e.name, "AIVG_FAL_POLL_MS");
        let e = TaskSettings::from_env(&env(&[("AIVG_ENGINES_FILE", "/nonexistent/engines.toml")]))
            .unwrap_err();
        assert_eq!(e.name, "AIVG_ENGINES_FILE");
        assert!(
            e.problem.contains("/nonexistent/engines.toml"),
            "{}",
            e.problem
        );
        let example = concat!(env!("CARGO_MANIFEST_DIR"), "/engines.example.toml");
        let s = TaskSettings::from_env(&env(&[("AIVG_ENGINES_FILE", example)])).unwrap();
        assert!(s.engines.is_some());
    }

    #[test]
    fn several_comfyui_servers_are_comma_separated() {
        let s = TaskSettings::from_env(&env(&[(
            "AIVG_COMFYUI_URL",
            " http://a:8188/ ,https://b.example,",
        )]))
        .unwrap();
        assert_eq!(
            comfyui_urls(s.comfyui_url.as_deref().unwrap()),
            ["http://a:8188", "https://b.example"]
        );
    }

    #[test]
    fn a_server_may_have_slots() {
        let s = TaskSettings::from_env(&env(&[(
            "AIVG_COMFYUI_URL",
            "http://a:8188/#slots=3, http://b:8188",
        )]))
        .unwrap();
        assert_eq!(
            comfyui_servers(s.comfyui_url.as_deref().unwrap()),
            [
                ("http://a:8188".to_owned(), 3),
                ("http://b:8188".to_owned(), 1)
            ]
        );
        for bad in ["http://a#slots=0", "http://a#slots=x", "http://a#two"] {
            let e = TaskSettings::from_env(&env(&[("AIVG_COMFYUI_URL", bad)])).unwrap_err();
            assert_eq!(e.name, "AIVG_COMFYUI_URL");
            assert!(e.problem.contains("#slots=N"), "{}", e.problem);
        }
    }
}
