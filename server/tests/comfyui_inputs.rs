//! What each module's filled workflow carries for what a user sends: the graph the fake ComfyUI
//! received, read node by node (docs/engines.md, docs/behaviour/tasks-and-queue.md).

use crate::engine_support;
use crate::media_support;

use engine_support::{data_for, fake, server};
use fake_comfyui::FakeComfy;
use media_support::{create_ok, grant, wait_done};
use serde_json::{Value, json};

/// The graph ComfyUI received for task `id`.
fn graph_of(comfy: &FakeComfy, id: &str) -> Value {
    comfy
        .seen()
        .prompts
        .iter()
        .find(|p| p.prompt_id.contains(id))
        .map(|p| p.graph.clone())
        .unwrap_or_else(|| panic!("ComfyUI never saw task {id}"))
}

/// The inputs of the only node of `class` in `graph`.
fn node<'a>(graph: &'a Value, class: &str) -> &'a Value {
    let mut found = graph
        .as_object()
        .unwrap()
        .values()
        .filter(|n| n["class_type"] == class);
    let first = found.next().unwrap_or_else(|| panic!("no {class} node"));
    assert!(found.next().is_none(), "more than one {class} node");
    &first["inputs"]
}

/// What `aivg-server engines` prints with these variables (run without blocking the fake).
async fn engines_report(envs: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_aivg-server"))
        .arg("engines")
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("AIVG_DATA_DIR", dir.path())
        .env("RUST_LOG", "error")
        .envs(envs.iter().copied())
        .output()
        .await
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[tokio::test]
async fn braces_in_the_users_words_reach_the_engine_as_written() {
    let comfy = fake().await;
    let s = server(&[&comfy.url]).await;
    let token = s.register("brace@example.com").await;
    grant(&s, "brace@example.com", 10).await;
    let words = "a sign reading {{seed}} and {{prompt}} and {{nothing}}";
    let id = create_ok(
        &s,
        &token,
        "text2image",
        json!({"prompt": words, "seed": 3}),
    )
    .await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let g = graph_of(&comfy, &id);
    assert_eq!(node(&g, "CLIPTextEncode")["text"], words);
    assert_eq!(node(&g, "KSampler")["seed"], 3);
}

/// Every text encoder's words in `graph` (`text` or `prompt` of a `…TextEncode…` node).
fn prompts(g: &Value) -> Vec<Value> {
    g.as_object()
        .unwrap()
        .values()
        .filter(|n| n["class_type"].as_str().unwrap().contains("TextEncode"))
        .flat_map(|n| [n["inputs"]["text"].clone(), n["inputs"]["prompt"].clone()])
        .filter(Value::is_string)
        .collect()
}

/// The workflow's default for `key` (`server/workflows/index.json`).
fn default_of(workflow: &str, key: &str) -> Value {
    let idx = aivg_server::workflows::index().unwrap();
    idx.workflows[workflow].defaults[key].clone()
}

#[tokio::test]
async fn an_empty_text_keeps_the_workflows_own_words() {
    let comfy = fake().await;
    let s = server(&[&comfy.url]).await;
    let token = s.register("quiet@example.com").await;
    grant(&s, "quiet@example.com", 100).await;
    let module = |code| aivg_core::tasks::task_module(code).unwrap();

    // The avatar with an uploaded voice has no prompt field: the workflow's own prompt.
    let data = data_for(&s, &token, module("talking_face")).await;
    let id = create_ok(&s, &token, "talking_face", data).await;
    assert_eq!(
        wait_done(&s, &token, "talking_face", &id).await["status"],
        "succeeded"
    );
    let g = graph_of(&comfy, &id);
    let first = node(&g, "WanSoundImageToVideo");
    let pos = first["positive"][0].as_str().unwrap();
    assert_eq!(
        g[pos]["inputs"]["text"],
        default_of("talking_avatar", "prompt")
    );

    // The optional prompts of image to image, inpaint and restyle, sent empty.
    for (code, workflow) in [
        ("image2image", "image_edit"),
        ("inpaint_clothes", "inpaint"),
        ("video2video", "video_restyle"),
    ] {
        let mut data = data_for(&s, &token, module(code)).await;
        data["prompt"] = json!("  ");
        let id = create_ok(&s, &token, code, data).await;
        let t = wait_done(&s, &token, code, &id).await;
        assert_eq!(t["status"], "succeeded", "{code}: {t}");
        let g = graph_of(&comfy, &id);
        let want = default_of(workflow, "prompt");
        assert!(want.as_str().is_some_and(|w| !w.is_empty()), "{workflow}");
        assert!(prompts(&g).contains(&want), "{code}: {:?}", prompts(&g));
    }
}

#[tokio::test]
async fn a_song_with_lyrics_and_no_style_gets_a_default_style() {
    let comfy = fake().await;
    let s = server(&[&comfy.url]).await;
    let token = s.register("sing@example.com").await;
    grant(&s, "sing@example.com", 20).await;
    let lyrics = "[verse]\nthe moon is bright tonight";
    let id = create_ok(&s, &token, "txt2Song", json!({"lyrics": lyrics})).await;
    let t = wait_done(&s, &token, "txt2Song", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let enc = node(&graph_of(&comfy, &id), "TextEncodeAceStepAudio").clone();
    assert_eq!(enc["lyrics"], lyrics);
    assert_eq!(enc["tags"], default_of("song", "tags"));
    assert!(!enc["tags"].as_str().unwrap().is_empty());
}

#[tokio::test]
async fn sizes_are_multiples_the_model_takes_and_the_size_shown() {
    let comfy = fake().await;
    let s = server(&[&comfy.url]).await;
    let token = s.register("size@example.com").await;
    grant(&s, "size@example.com", 100).await;
    for (label, _, _) in aivg_core::crop::ASPECT_RATIO_OPTIONS {
        let data = json!({"prompt": "a lighthouse", "aspect_ratio": label});
        let id = create_ok(&s, &token, "text2image", data).await;
        assert_eq!(
            wait_done(&s, &token, "text2image", &id).await["status"],
            "succeeded"
        );
        let latent = node(&graph_of(&comfy, &id), "EmptySD3LatentImage").clone();
        // The size the ratio picker shows is the size made.
        let shown = aivg_core::crop::aspect_ratio_size(label).unwrap();
        assert_eq!(latent["width"], shown.width, "{label}");
        assert_eq!(latent["height"], shown.height, "{label}");
        assert_eq!(
            latent["width"].as_u64().unwrap() % 16,
            0,
            "{label}: {latent}"
        );
        assert_eq!(
            latent["height"].as_u64().unwrap() % 16,
            0,
            "{label}: {latent}"
        );
    }
    let data = json!({"prompt": "a lighthouse", "aspect_ratio": "3:2", "duration": 5});
    let id = create_ok(&s, &token, "text2video", data).await;
    assert_eq!(
        wait_done(&s, &token, "text2video", &id).await["status"],
        "succeeded"
    );
    let latent = node(&graph_of(&comfy, &id), "Wan22ImageToVideoLatent").clone();
    assert_eq!(latent["width"], 1280, "{latent}");
    assert_eq!(latent["height"].as_u64().unwrap() % 32, 0, "{latent}");
}

#[tokio::test]
async fn video_lengths_are_what_the_model_makes_and_longer_ones_are_refused_unpaid() {
    let comfy = fake().await;
    let s = server(&[&comfy.url]).await;
    let token = s.register("long@example.com").await;
    grant(&s, "long@example.com", 100).await;
    for seconds in [5, 10] {
        let data = json!({"prompt": "waves", "aspect_ratio": "16:9", "duration": seconds});
        let id = create_ok(&s, &token, "text2video", data).await;
        assert_eq!(
            wait_done(&s, &token, "text2video", &id).await["status"],
            "succeeded"
        );
        let g = graph_of(&comfy, &id);
        let frames = node(&g, "Wan22ImageToVideoLatent")["length"]
            .as_u64()
            .unwrap();
        let fps = node(&g, "CreateVideo")["fps"].as_u64().unwrap();
        assert!(frames <= 121, "{seconds} s: {frames} frames");
        assert_eq!((frames - 1) / fps, seconds, "{seconds} s at {fps} fps");
    }
    let before = s.balance(&token).await;
    let (status, body) = media_support::create(
        &s,
        &token,
        "text2video",
        json!({"prompt": "waves", "duration": 15}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body.to_string().contains("10"), "names the limit: {body}");
    assert_eq!(s.balance(&token).await, before);
}

#[tokio::test]
async fn a_workflow_too_new_for_the_server_names_the_version_it_needs() {
    let comfy = fake().await;
    comfy.models(|o| {
        o.comfyui_version = Some("0.3.64".into());
        o.object_info
            .as_object_mut()
            .unwrap()
            .remove("ModelSamplingAuraFlow");
    });
    let s = server(&[&comfy.url]).await;
    let token = s.register("old@example.com").await;
    grant(&s, "old@example.com", 10).await;
    let before = s.balance(&token).await;
    let id = create_ok(&s, &token, "text2image", json!({"prompt": "a fox"})).await;
    let t = wait_done(&s, &token, "text2image", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    let error = t["error"].as_str().unwrap();
    let min = aivg_server::workflows::index().unwrap().workflows["text_to_image"]
        .min_comfyui
        .clone()
        .unwrap();
    assert!(error.contains("ModelSamplingAuraFlow"), "{error}");
    assert!(
        error.contains(&format!("needs ComfyUI ≥ {min}; this server runs 0.3.64")),
        "{error}"
    );
    assert_eq!(s.balance(&token).await, before);
    let report = engines_report(&[("AIVG_COMFYUI_URL", comfy.url.as_str())]).await;
    assert!(
        report.contains(&format!("needs ComfyUI ≥ {min}; this server runs 0.3.64")),
        "{report}"
    );
}

#[tokio::test]
async fn an_operator_workflow_brings_its_own_facts_and_must_take_the_modules_inputs() {
    let dir = tempfile::tempdir().unwrap();
    // A 16 fps video workflow: the shipped graph, its facts in a sidecar.
    let shipped = aivg_server::workflows::shipped("text_to_video").unwrap();
    std::fs::write(dir.path().join("text2video.json"), shipped).unwrap();
    let facts =
        json!({"fps": 16, "defaults": {"negative_prompt": "", "width": 832, "height": 480}});
    std::fs::write(dir.path().join("text2video.info.json"), facts.to_string()).unwrap();
    // An edit workflow whose picture is baked in: no {{image}}.
    let mut baked: Value =
        serde_json::from_str(aivg_server::workflows::shipped("image_edit").unwrap()).unwrap();
    for n in baked.as_object_mut().unwrap().values_mut() {
        if n["class_type"] == "LoadImage" {
            n["inputs"]["image"] = json!("example.png");
        }
    }
    std::fs::write(dir.path().join("image2image.json"), baked.to_string()).unwrap();

    let comfy = fake().await;
    let url = comfy.url.clone();
    let path = dir.path().to_owned();
    let s = media_support::start_with(move |cfg| {
        cfg.tasks.comfyui_url = Some(url);
        cfg.tasks.workflows_dir = Some(path);
    })
    .await;
    let token = s.register("op@example.com").await;
    grant(&s, "op@example.com", 100).await;

    let data = json!({"prompt": "waves", "aspect_ratio": "16:9", "duration": 5});
    let id = create_ok(&s, &token, "text2video", data).await;
    let t = wait_done(&s, &token, "text2video", &id).await;
    assert_eq!(t["status"], "succeeded", "{t}");
    let g = graph_of(&comfy, &id);
    assert_eq!(node(&g, "Wan22ImageToVideoLatent")["length"], 5 * 16 + 1);
    assert_eq!(node(&g, "CreateVideo")["fps"], 16);

    let before = s.balance(&token).await;
    let mut data = data_for(
        &s,
        &token,
        aivg_core::tasks::task_module("image2image").unwrap(),
    )
    .await;
    data["prompt"] = json!("make it blue");
    let id = create_ok(&s, &token, "image2image", data).await;
    let t = wait_done(&s, &token, "image2image", &id).await;
    assert_eq!(t["status"], "failed", "{t}");
    let error = t["error"].as_str().unwrap();
    assert!(
        error.contains("image2image.json") && error.contains("{{image}}"),
        "{error}"
    );
    assert_eq!(s.balance(&token).await, before);
    assert!(
        !comfy
            .seen()
            .prompts
            .iter()
            .any(|p| p.prompt_id.contains(&id)),
        "never sent"
    );
    // `aivg-server engines` names it too.
    let report = engines_report(&[
        ("AIVG_COMFYUI_URL", comfy.url.as_str()),
        ("AIVG_WORKFLOWS_DIR", dir.path().to_str().unwrap()),
    ])
    .await;
    let row = report
        .lines()
        .find(|l| l.starts_with("image2image"))
        .unwrap_or_else(|| panic!("no image2image row: {report}"));
    assert!(row.contains("{{image}}"), "{report}");
}

/// A 16:9 test clip (160×90, 8 fps, 2 s) made by ffmpeg.
fn wide_clip() -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("wide.mp4");
    let ok = std::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"])
        .args([
            "-i",
            "testsrc=size=160x90:rate=8",
            "-t",
            "2",
            "-pix_fmt",
            "yuv420p",
        ])
        .arg(&out)
        .status()
        .unwrap();
    assert!(ok.success());
    std::fs::read(out).unwrap()
}

/// The id and node a link `[id, slot]` of `inputs[key]` points at.
fn source<'a>(g: &'a Value, inputs: &Value, key: &str) -> (String, &'a Value) {
    let id = inputs[key][0]
        .as_str()
        .unwrap_or_else(|| panic!("{key} is no link: {inputs}"));
    (id.to_owned(), &g[id])
}

#[tokio::test]
async fn restyle_and_erase_keep_the_inputs_shape_length_and_outside_of_the_mask() {
    if !media_support::ffmpeg_ready() {
        return;
    }
    let comfy = fake().await;
    let s = server(&[&comfy.url]).await;
    let token = s.register("wide@example.com").await;
    grant(&s, "wide@example.com", 100).await;
    let clip = wide_clip();
    for code in ["video2video", "video2anime", "tool_vrw"] {
        let video = media_support::upload(&s, &token, code, "mp4", clip.clone()).await;
        let mut data = json!({"file_path": video});
        if code == "tool_vrw" {
            let mask =
                media_support::upload(&s, &token, code, "png", media_support::png(160, 90)).await;
            data["mask_path"] = json!(mask);
        }
        let id = create_ok(&s, &token, code, data).await;
        let t = wait_done(&s, &token, code, &id).await;
        assert_eq!(t["status"], "succeeded", "{code}: {t}");
        let g = graph_of(&comfy, &id);
        let vace = node(&g, "WanVaceToVideo");
        // 16:9 at Wan VACE's pixels (core's vace_size), not a centre-cropped square.
        let want = aivg_core::tasks::sizes::vace_size(160, 90);
        assert_eq!(vace["width"], want.width, "{code}: {vace}");
        assert_eq!(vace["height"], want.height, "{code}: {vace}");
        // The length is the input's frame count (GetImageSize's batch) of its frames up to the cap.
        assert_eq!(vace["length"][1], 2, "{code}: {vace}");
        let (_, count) = source(&g, vace, "length");
        assert_eq!(count["class_type"], "GetImageSize", "{code}");
        let (_, capped) = source(&g, &count["inputs"], "image");
        assert_eq!(capped["class_type"], "ImageFromBatch", "{code}");
        assert_eq!(capped["inputs"]["length"], 81, "{code}: the cap");
        let (comps_id, comps) = source(&g, &capped["inputs"], "image");
        assert_eq!(comps["class_type"], "GetVideoComponents", "{code}");
        // The output keeps the input's frame rate.
        let create = node(&g, "CreateVideo");
        assert_eq!(create["fps"][0], comps_id.as_str(), "{code}: {create}");
        if code == "video2anime" {
            let first = aivg_core::tasks::ANIME_STYLES[0].words;
            assert!(
                prompts(&g)
                    .iter()
                    .any(|p| p.as_str().unwrap().starts_with(first)),
                "an anime look without words: {:?}",
                prompts(&g)
            );
        }
        if code == "tool_vrw" {
            // Only the masked area changes: the made frames over the original ones.
            let (_, comp) = source(&g, create, "images");
            assert_eq!(comp["class_type"], "ImageCompositeMasked");
            let (_, dest) = source(&g, &comp["inputs"], "destination");
            let (orig_id, _) = source(&g, &dest["inputs"], "image");
            let (frames_id, _) = source(&g, &count["inputs"], "image");
            assert_eq!(orig_id, frames_id, "the destination is the input's frames");
            let (_, made) = source(&g, &comp["inputs"], "source");
            assert_eq!(made["class_type"], "VAEDecode");
            let (grow_id, _) = source(&g, &comp["inputs"], "mask");
            assert_eq!(Some(grow_id.as_str()), vace["control_masks"][0].as_str());
        }
    }
}

#[tokio::test]
async fn an_enhancer_input_too_large_to_enlarge_is_refused_unpaid() {
    let comfy = fake().await;
    let s = server(&[&comfy.url]).await;
    let token = s.register("big@example.com").await;
    grant(&s, "big@example.com", 10).await;
    let before = s.balance(&token).await;
    let path = media_support::upload(
        &s,
        &token,
        "mai_imagesharpen",
        "png",
        media_support::png(2100, 2100),
    )
    .await;
    let (status, body) =
        media_support::create(&s, &token, "mai_imagesharpen", json!({"file_path": path})).await;
    assert_eq!(status, 400, "{body}");
    let text = body.to_string();
    assert!(
        text.contains("data.file_path") && text.contains("2048"),
        "{text}"
    );
    assert_eq!(s.balance(&token).await, before);
    assert!(comfy.seen().prompts.is_empty(), "never sent");
}
