//! What an output node writes, shaped as ComfyUI's history and `executed` messages show it:
//! `SaveImage` under `images`; `SaveVideo` under `images` with `animated: [true]` (comfy_api's
//! `PreviewVideo` UI); `SaveAudio`, `SaveAudioMP3` under `audio`. The media are real: a PNG drawn
//! from the prompt (so a test can tell one task's output from another's), and small MP4 / MP3 /
//! FLAC files made with ffmpeg (`assets/`). A `SaveVideo` of a graph that loads an uploaded video
//! saves that video (the frames it was given: a test counts them), else the small clip.

use serde_json::{Value, json};

const CLIP_MP4: &[u8] = include_bytes!("../assets/clip.mp4");
const TONE_MP3: &[u8] = include_bytes!("../assets/tone.mp3");
const TONE_FLAC: &[u8] = include_bytes!("../assets/tone.flac");

/// One file an output node wrote.
#[derive(Debug, Clone)]
pub struct File {
    pub filename: String,
    pub subfolder: String,
    pub kind: &'static str,
    pub bytes: Vec<u8>,
}

/// The node's UI output and its files, or `None` for a node that writes nothing.
pub fn write(
    class: &str,
    inputs: &Value,
    graph: &Value,
    counter: u64,
    given_video: Option<Vec<u8>>,
) -> Option<(Value, Vec<File>)> {
    let prefix = inputs
        .get("filename_prefix")
        .and_then(Value::as_str)
        .unwrap_or("ComfyUI");
    let (subfolder, base) = match prefix.rsplit_once('/') {
        Some((dir, name)) => (dir.to_owned(), name.to_owned()),
        None => (String::new(), prefix.to_owned()),
    };
    let name = |ext: &str| format!("{base}_{counter:05}_.{ext}");
    let (key, kind, file, bytes, animated) = match class {
        "SaveImage" => ("images", "output", name("png"), png(graph), false),
        "PreviewImage" => ("images", "temp", name("png"), png(graph), false),
        "SaveVideo" => (
            "images",
            "output",
            name("mp4"),
            given_video.unwrap_or_else(|| CLIP_MP4.to_vec()),
            true,
        ),
        "SaveAudioMP3" => ("audio", "output", name("mp3"), TONE_MP3.to_vec(), false),
        "SaveAudio" => ("audio", "output", name("flac"), TONE_FLAC.to_vec(), false),
        _ => return None,
    };
    let sub = if kind == "temp" {
        String::new()
    } else {
        subfolder
    };
    let entry = json!({"filename": file, "subfolder": sub, "type": kind});
    let mut ui = json!({ key: [entry] });
    if animated {
        ui["animated"] = json!([true]);
    }
    Some((
        ui,
        vec![File {
            filename: file,
            subfolder: sub,
            kind,
            bytes,
        }],
    ))
}

/// FNV-1a of every text input of the graph: the picture's colours depend on the prompt.
fn text_hash(graph: &Value) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    if let Some(nodes) = graph.as_object() {
        for node in nodes.values() {
            for v in node["inputs"]
                .as_object()
                .into_iter()
                .flat_map(|m| m.values())
            {
                if let Some(s) = v.as_str() {
                    for b in s.bytes() {
                        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
                    }
                }
            }
        }
    }
    h
}

/// The first `width`/`height` pair of the graph, kept small.
fn size(graph: &Value) -> (u32, u32) {
    let pair = graph.as_object().and_then(|nodes| {
        nodes.values().find_map(|n| {
            let w = n.pointer("/inputs/width")?.as_u64()?;
            let h = n.pointer("/inputs/height")?.as_u64()?;
            Some((w, h))
        })
    });
    let (w, h) = pair.unwrap_or((64, 48));
    let scale = (w.max(h) / 128).max(1);
    (
        u32::try_from(w / scale).unwrap_or(64).max(1),
        u32::try_from(h / scale).unwrap_or(48).max(1),
    )
}

/// A PNG drawn from the prompt; transparent on its left half when the graph joins an alpha mask
/// (background removal), as a cut-out is.
fn png(graph: &Value) -> Vec<u8> {
    let (w, h) = size(graph);
    let seed = text_hash(graph).to_le_bytes();
    let alpha = graph
        .as_object()
        .is_some_and(|n| n.values().any(|n| n["class_type"] == "JoinImageWithAlpha"));
    let img = image::RgbaImage::from_fn(w, h, |x, y| {
        let [r, g, b, ..] = seed;
        let a = if alpha && x < w / 2 { 0 } else { 255 };
        let shade = u8::try_from((x + y) % 64).unwrap_or(0);
        image::Rgba([r ^ shade, g, b.wrapping_add(shade), a])
    });
    let mut out = Vec::new();
    let encoded = image::DynamicImage::ImageRgba8(img)
        .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png);
    if encoded.is_err() {
        out.clear();
    }
    out
}
