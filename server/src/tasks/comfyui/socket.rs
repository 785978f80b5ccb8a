//! ComfyUI's WebSocket (`GET /ws?clientId=`): JSON messages `{type, data}` (its `server.py`
//! `send_json`) and binary frames (`send_bytes`: a 4-byte big-endian event type, then its
//! payload). The JSON ones about a prompt carry its `prompt_id`; this reads those of ours into
//! [`Event`]s. The binary ones read are the sampler's previews (sent with `--preview-method`):
//! `PREVIEW_IMAGE` (a 4-byte image type, 1 JPEG or 2 PNG, then the picture) and
//! `PREVIEW_IMAGE_WITH_METADATA` (a 4-byte length, that much JSON naming the `prompt_id`, then the
//! picture); `UNENCODED_PREVIEW_IMAGE` never reaches a socket (`send_image` encodes it).

use futures_util::StreamExt;
use serde_json::Value;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

type Stream =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// What happened to our prompt.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A sampler's step `value` of `max`.
    Progress { value: u64, max: u64 },
    /// A node started (`None`: the prompt is done, ComfyUI's `executing {node: null}`).
    Executing(Option<String>),
    /// A node finished and has outputs.
    Executed(String),
    /// `execution_success`.
    Success,
    /// `execution_error`: the node's class and ComfyUI's message.
    Error {
        node_type: String,
        exception_type: String,
        message: String,
    },
    /// `execution_interrupted`.
    Interrupted,
    /// A live preview picture (JPEG or PNG bytes) of the sampling.
    Preview(bytes::Bytes),
    /// Any other message (status, execution_start, execution_cached, …): the server is alive.
    Other,
}

/// ComfyUI's `BinaryEventTypes.PREVIEW_IMAGE`.
const PREVIEW_IMAGE: u32 = 1;
/// ComfyUI's `BinaryEventTypes.PREVIEW_IMAGE_WITH_METADATA`.
const PREVIEW_IMAGE_WITH_METADATA: u32 = 4;

fn be_u32(bytes: &[u8], at: usize) -> Option<u32> {
    let four: [u8; 4] = bytes.get(at..at.checked_add(4)?)?.try_into().ok()?;
    Some(u32::from_be_bytes(four))
}

/// Reads one binary frame; `None` when it is not a preview of ours (another prompt's, a text
/// frame, a type this does not know, or cut short).
pub fn parse_binary(frame: &[u8], prompt_id: &str) -> Option<Event> {
    let picture = match be_u32(frame, 0)? {
        PREVIEW_IMAGE => {
            // The image type (1 JPEG, 2 PNG) is checked again when the picture is read.
            be_u32(frame, 4)?;
            frame.get(8..)?
        }
        PREVIEW_IMAGE_WITH_METADATA => {
            let len = usize::try_from(be_u32(frame, 4)?).ok()?;
            let end = 8usize.checked_add(len)?;
            let meta: Value = serde_json::from_slice(frame.get(8..end)?).ok()?;
            if meta
                .get("prompt_id")
                .and_then(Value::as_str)
                .is_some_and(|p| p != prompt_id)
            {
                return None;
            }
            frame.get(end..)?
        }
        _ => return None,
    };
    (!picture.is_empty()).then(|| Event::Preview(bytes::Bytes::copy_from_slice(picture)))
}

/// Reads one text message; `None` when it is another prompt's (or not ComfyUI's JSON).
pub fn parse(text: &str, prompt_id: &str) -> Option<Event> {
    let v: Value = serde_json::from_str(text).ok()?;
    let kind = v.get("type").and_then(Value::as_str)?;
    let data = v.get("data").cloned().unwrap_or(Value::Null);
    let str_of = |k: &str| data.get(k).and_then(Value::as_str).unwrap_or_default();
    match data.get("prompt_id").and_then(Value::as_str) {
        Some(p) if p != prompt_id => return None,
        // Not about a prompt (`status`, …): only a sign of life.
        None => return Some(Event::Other),
        Some(_) => {}
    }
    Some(match kind {
        "progress" => Event::Progress {
            value: data.get("value").and_then(Value::as_u64).unwrap_or(0),
            max: data.get("max").and_then(Value::as_u64).unwrap_or(0),
        },
        "executing" => Event::Executing(match data.get("node") {
            Some(Value::String(s)) => Some(s.clone()),
            Some(Value::Number(n)) => Some(n.to_string()),
            _ => None,
        }),
        "executed" => Event::Executed(str_of("node").to_owned()),
        "execution_success" => Event::Success,
        "execution_error" => Event::Error {
            node_type: str_of("node_type").to_owned(),
            exception_type: str_of("exception_type").to_owned(),
            message: str_of("exception_message").trim().to_owned(),
        },
        "execution_interrupted" => Event::Interrupted,
        _ => Event::Other,
    })
}

/// An open socket (or none: the run then follows the prompt by polling).
pub struct Socket {
    ws: Option<Stream>,
}

impl std::fmt::Debug for Socket {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Socket")
            .field("open", &self.is_open())
            .finish()
    }
}

impl Socket {
    /// Connects to `{base}/ws?clientId={client_id}` within `timeout`; a failure leaves no socket.
    pub async fn connect(base: &str, client_id: &str, timeout: Duration) -> Self {
        let url = format!("{}/ws?clientId={client_id}", base.replacen("http", "ws", 1));
        let ws = match tokio::time::timeout(timeout, tokio_tungstenite::connect_async(url)).await {
            Ok(Ok((ws, _))) => Some(ws),
            Ok(Err(e)) => {
                tracing::debug!("comfyui {base}: no WebSocket ({e}); polling instead");
                None
            }
            Err(_) => None,
        };
        Self { ws }
    }

    pub fn is_open(&self) -> bool {
        self.ws.is_some()
    }

    /// The next event of our prompt; `None` when the socket closed (it is then dropped). Waits
    /// forever while open: callers race it with their timers.
    pub async fn next(&mut self, prompt_id: &str) -> Option<Event> {
        loop {
            let ws = self.ws.as_mut()?;
            match ws.next().await {
                Some(Ok(Message::Text(t))) => {
                    if let Some(e) = parse(t.as_str(), prompt_id) {
                        return Some(e);
                    }
                }
                Some(Ok(Message::Binary(b))) => {
                    if let Some(e) = parse_binary(&b, prompt_id) {
                        return Some(e);
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => {
                    self.ws = None;
                    return None;
                }
                Some(Ok(_)) => return Some(Event::Other),
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn messages_of_our_prompt_become_events() {
        let p = |s: &str| parse(s, "aivg-t1-0");
        assert_eq!(
            p(
                r#"{"type":"progress","data":{"value":3,"max":20,"prompt_id":"aivg-t1-0","node":"3"}}"#
            ),
            Some(Event::Progress { value: 3, max: 20 })
        );
        assert_eq!(
            p(r#"{"type":"progress","data":{"value":3,"max":20,"prompt_id":"other"}}"#),
            None
        );
        assert_eq!(
            p(r#"{"type":"executing","data":{"node":null,"prompt_id":"aivg-t1-0"}}"#),
            Some(Event::Executing(None))
        );
        assert_eq!(
            p(r#"{"type":"executing","data":{"node":"9","prompt_id":"aivg-t1-0"}}"#),
            Some(Event::Executing(Some("9".into())))
        );
        let err = p(
            r#"{"type":"execution_error","data":{"prompt_id":"aivg-t1-0","node_id":"4","node_type":"UNETLoader","exception_type":"FileNotFoundError","exception_message":" no such file \n"}}"#,
        );
        assert_eq!(
            err,
            Some(Event::Error {
                node_type: "UNETLoader".into(),
                exception_type: "FileNotFoundError".into(),
                message: "no such file".into()
            })
        );
        assert_eq!(
            p(r#"{"type":"execution_interrupted","data":{"prompt_id":"aivg-t1-0"}}"#),
            Some(Event::Interrupted)
        );
        assert_eq!(
            p(r#"{"type":"status","data":{"status":{"exec_info":{"queue_remaining":1}}}}"#),
            Some(Event::Other)
        );
        assert_eq!(p("not json"), None);
    }

    fn frame(kind: u32, head: &[u8], picture: &[u8]) -> Vec<u8> {
        [&kind.to_be_bytes()[..], head, picture].concat()
    }

    #[test]
    fn preview_frames_become_pictures() {
        let jpeg = b"\xff\xd8 a picture";
        let p = |f: &[u8]| parse_binary(f, "aivg-t1-0");
        let want = Some(Event::Preview(bytes::Bytes::copy_from_slice(jpeg)));
        assert_eq!(p(&frame(1, &1u32.to_be_bytes(), jpeg)), want);
        let meta = br#"{"node_id":"3","prompt_id":"aivg-t1-0","image_type":"image/jpeg"}"#;
        let with = |meta: &[u8]| {
            let len = u32::try_from(meta.len()).unwrap().to_be_bytes();
            frame(4, &[&len[..], meta].concat(), jpeg)
        };
        assert_eq!(p(&with(meta)), want);
        assert_eq!(
            p(&with(br#"{"prompt_id":"other"}"#)),
            None,
            "another prompt's"
        );
        assert_eq!(
            p(&frame(3, &2u32.to_be_bytes(), b"3text")),
            None,
            "not a preview"
        );
        assert_eq!(p(&[0, 0, 0, 1, 0]), None, "cut short");
        assert_eq!(p(&frame(1, &1u32.to_be_bytes(), b"")), None, "no picture");
        let long = [&4u32.to_be_bytes()[..], &999u32.to_be_bytes()[..], b"{}"].concat();
        assert_eq!(p(&long), None, "metadata longer than the frame");
    }
}
