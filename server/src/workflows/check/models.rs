//! The model files a workflow loads, found through the loader nodes' inputs.

use serde_json::Value;

/// The loader inputs that name model files, and the `models/` folder each reads (ComfyUI's
/// folder names, as the templates' model lists give them).
pub const LOADERS: &[(&str, &str, &str)] = &[
    ("UNETLoader", "unet_name", "diffusion_models"),
    ("CLIPLoader", "clip_name", "text_encoders"),
    ("DualCLIPLoader", "clip_name1", "text_encoders"),
    ("DualCLIPLoader", "clip_name2", "text_encoders"),
    ("VAELoader", "vae_name", "vae"),
    ("CheckpointLoaderSimple", "ckpt_name", "checkpoints"),
    ("LoraLoader", "lora_name", "loras"),
    ("LoraLoaderModelOnly", "lora_name", "loras"),
    ("UpscaleModelLoader", "model_name", "upscale_models"),
    ("AudioEncoderLoader", "audio_encoder_name", "audio_encoders"),
    (
        "LoadBackgroundRemovalModel",
        "bg_removal_name",
        "background_removal",
    ),
];

/// The model files a workflow loads, as (folder, file), sorted, each once: what to look for in
/// ComfyUI's `GET /models/{folder}`.
pub fn required_models(workflow: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for node in workflow.as_object().into_iter().flat_map(|o| o.values()) {
        let class = node
            .get("class_type")
            .and_then(Value::as_str)
            .unwrap_or_default();
        for (_, input, folder) in LOADERS.iter().filter(|(c, _, _)| *c == class) {
            if let Some(file) = node
                .get("inputs")
                .and_then(|i| i.get(*input))
                .and_then(Value::as_str)
            {
                out.push(((*folder).to_owned(), file.to_owned()));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}
