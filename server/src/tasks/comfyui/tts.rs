//! The speech of `talking_face_tts`, made before its `talking_avatar` workflow runs.
//!
//! The TTS step is Debian's `espeak-ng` (installed by `scripts/setup.sh`; `AIVG_ESPEAK` names
//! another program): formant synthesis, robotic but open, offline, small, and in every language
//! the site's voice list offers. It writes a WAV (`-w`) from the text on stdin, so no text ever
//! reaches a command line. `data.voice_id` (the ids of `GET /v1/ai/tts/voice`, `en-US-ava`)
//! picks the espeak voice by its language and region, and the `+f3`/`+m3` variant by the
//! voice's gender; an unknown or absent id speaks American English.

use crate::tasks::provider::ProviderError;
use bytes::Bytes;
use serde_json::Value;
use std::process::Stdio;
use tokio::io::AsyncWriteExt;

/// The espeak-ng voice of a voice id (`en-US-ava` → `en-us`).
pub fn espeak_voice(voice_id: &str) -> &'static str {
    let mut parts = voice_id.split('-');
    let lang = parts.next().unwrap_or_default().to_ascii_lowercase();
    let region = parts.next().unwrap_or_default().to_ascii_lowercase();
    match (lang.as_str(), region.as_str()) {
        ("en", "gb") => "en-gb",
        ("en", _) => "en-us",
        ("de", _) => "de",
        ("fr", _) => "fr-fr",
        ("es", _) => "es",
        ("pt", "br") => "pt-br",
        ("pt", _) => "pt",
        ("it", _) => "it",
        ("ja", _) => "ja",
        ("ko", _) => "ko",
        ("zh", _) => "cmn",
        _ => "en-us",
    }
}

/// The gender of a voice of the site's list (`female`/`male`), if listed.
pub(crate) fn gender(voice_id: &str) -> Option<String> {
    let seeds = crate::site::seed::seeds().ok()?;
    seeds
        .tools
        .voices
        .iter()
        .find(|v| v.get("voice_id").and_then(Value::as_str) == Some(voice_id))
        .and_then(|v| v.get("gender").and_then(Value::as_str))
        .map(str::to_owned)
}

/// The full espeak voice argument (`en-us+f3`).
fn voice_arg(voice_id: &str) -> String {
    let base = espeak_voice(voice_id);
    match gender(voice_id).as_deref() {
        Some("female") => format!("{base}+f3"),
        Some("male") => format!("{base}+m3"),
        _ => base.to_owned(),
    }
}

/// Speaks `text` with `voice_id` into WAV bytes, with the program `espeak`.
pub async fn speak(espeak: &str, text: &str, voice_id: &str) -> Result<Bytes, ProviderError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ProviderError::new(
            "data.prompt: the text to speak is empty",
        ));
    }
    let dir = std::env::temp_dir().join(format!("aivg-tts-{}", crate::ids::random_token(12)));
    tokio::fs::create_dir_all(&dir)
        .await
        .map_err(|e| ProviderError::new(format!("the speech could not be made: {e}")))?;
    let out = dir.join("speech.wav");
    let result = run(espeak, text, &voice_arg(voice_id), &out).await;
    let bytes = match result {
        Ok(()) => tokio::fs::read(&out)
            .await
            .map_err(|e| ProviderError::new(format!("the speech could not be read: {e}"))),
        Err(e) => Err(e),
    };
    let _ = tokio::fs::remove_dir_all(&dir).await;
    bytes.map(Bytes::from)
}

async fn run(
    espeak: &str,
    text: &str,
    voice: &str,
    out: &std::path::Path,
) -> Result<(), ProviderError> {
    let mut cmd = tokio::process::Command::new(espeak);
    cmd.arg("-v")
        .arg(voice)
        .arg("-w")
        .arg(out)
        .arg("--stdin")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(ProviderError::new(format!(
                "the talking avatar needs a text-to-speech program, but {espeak} is not installed \
                 (install Debian's espeak-ng, or upload an audio file and use the talking avatar \
                 with audio)"
            )));
        }
        Err(e) => {
            return Err(ProviderError::new(format!(
                "the text-to-speech program could not start: {e}"
            )));
        }
    };
    if let Some(mut pipe) = child.stdin.take() {
        let bytes = text.as_bytes().to_vec();
        tokio::spawn(async move {
            let _ = pipe.write_all(&bytes).await;
            let _ = pipe.shutdown().await;
        });
    }
    let done = child
        .wait_with_output()
        .await
        .map_err(|e| ProviderError::new(format!("the text-to-speech program failed: {e}")))?;
    if !done.status.success() {
        return Err(ProviderError::new(format!(
            "the text-to-speech program failed: {}",
            String::from_utf8_lossy(&done.stderr).trim()
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn voice_ids_map_to_espeak_voices() {
        assert_eq!(espeak_voice("en-US-ava"), "en-us");
        assert_eq!(espeak_voice("en-GB-sonia"), "en-gb");
        assert_eq!(espeak_voice("zh-CN-xiaoxiao"), "cmn");
        assert_eq!(espeak_voice("pt-BR-antonio"), "pt-br");
        assert_eq!(espeak_voice(""), "en-us");
        assert_eq!(voice_arg("en-US-ava"), "en-us+f3");
        assert_eq!(voice_arg("fr-FR-henri"), "fr-fr+m3");
    }

    #[tokio::test]
    async fn a_missing_program_says_what_to_install() {
        let e = speak("/nonexistent/espeak-ng", "hello", "en-US-ava")
            .await
            .unwrap_err();
        assert!(e.0.contains("espeak-ng"), "{e}");
    }

    #[tokio::test]
    async fn speech_is_a_wav_when_espeak_is_installed() {
        match speak("espeak-ng", "Hello there.", "en-GB-sonia").await {
            Ok(wav) => {
                assert!(wav.starts_with(b"RIFF"));
                assert!(crate::uploads::mediainfo::wav_duration(&wav).unwrap() > 0.2);
            }
            // Without espeak-ng (a bare machine before scripts/setup.sh) the error says so.
            Err(e) => assert!(e.0.contains("not installed"), "{e}"),
        }
    }
}
