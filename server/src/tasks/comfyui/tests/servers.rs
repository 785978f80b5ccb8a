//! Several ComfyUI servers (the one that can run a task, the least busy, a server dying mid-run),
//! modules without a workflow, and the placeholder values each module fills in.

use super::super::*;
use super::{T2I_MODELS, env, fake, job, progress, prompt_ids, provider, until};
use serde_json::json;

#[tokio::test]
async fn a_task_goes_to_a_server_that_answers_and_can_run_it() {
    let env = env();
    let lacking = fake(&[]).await;
    let able = fake(&T2I_MODELS).await;
    let p = provider(&["http://127.0.0.1:9", &lacking.url, &able.url]);
    let out = p
        .run(
            &job(&env, "t10", "text2image", json!({"prompt": "x"})),
            progress().0,
        )
        .await
        .unwrap();
    assert_eq!(out.outputs.len(), 1);
    assert!(lacking.seen().prompts.is_empty());
    assert_eq!(able.seen().prompts.len(), 1);
    let report = p.report().await;
    let text = report.render();
    assert!(text.contains("http://127.0.0.1:9: DOWN"), "{text}");
    assert!(
        text.contains(&format!(
            "text2image (text_to_image): runnable on {}",
            able.url
        )),
        "{text}"
    );
    assert!(text.contains("tool_sf: runs on this server"), "{text}");
    assert!(!report.all_runnable(), "{text}");
}

#[tokio::test]
async fn the_least_busy_server_is_chosen() {
    let env = env();
    let busy = fake(&T2I_MODELS).await;
    busy.behave(|b| b.hang = true);
    // Someone else's prompt keeps the first server busy.
    let other = provider(&[&busy.url]);
    let j = job(&env, "t11a", "text2image", json!({"prompt": "x"}));
    let _other = tokio::spawn(async move { other.run(&j, progress().0).await });
    until("the other prompt runs", || busy.running().is_some()).await;
    let idle = fake(&T2I_MODELS).await;
    let p = provider(&[&busy.url, &idle.url]);
    p.run(
        &job(&env, "t11", "text2image", json!({"prompt": "x"})),
        progress().0,
    )
    .await
    .unwrap();
    assert_eq!(prompt_ids(&busy), ["aivg-t11a-0"]);
    assert_eq!(idle.seen().prompts.len(), 1);
}

#[tokio::test]
async fn modules_without_a_workflow_run_locally() {
    let env = env();
    let p = provider(&["http://127.0.0.1:9"]);
    let e = p
        .run(&job(&env, "t12", "tool_sf", json!({})), progress().0)
        .await
        .unwrap_err();
    // The local image tool ran (and wants its input), ComfyUI was never asked.
    assert!(e.0.contains("data.file_path"), "{e}");
}

#[test]
fn placeholder_values_follow_the_module() {
    let env = env();
    let load = |code: &str, name: &str| crate::workflows::load(code, name, None).unwrap();
    let j = job(
        &env,
        "v1",
        "text2video",
        json!({"prompt": "waves", "aspect_ratio": "16:9", "duration": 10}),
    );
    let v = vars::text_vars(&j, &load("text2video", "text_to_video"));
    assert_eq!((v.width, v.height), (Some(1280), Some(704)));
    // Wan 2.2 TI2V-5B makes 121 frames: 10 s spreads them at 12 fps (core's wan_clip).
    assert_eq!((v.frames, v.fps), (Some(121), Some(12)), "10 s");
    assert_eq!(v.duration, None);

    let j = job(
        &env,
        "v2",
        "txt2Music",
        json!({"prompt": "calm piano at night", "style": "jazz", "duration": 20}),
    );
    let v = vars::text_vars(&j, &load("txt2Music", "music"));
    assert_eq!(v.tags.as_deref(), Some("jazz, calm piano at night"));
    assert_eq!(v.duration, Some(20.0));
    assert_eq!(v.frames, None);

    let j = job(
        &env,
        "v3",
        "talking_face_tts",
        json!({"prompt": "Hello, I am speaking."}),
    );
    let v = vars::text_vars(&j, &load("talking_face_tts", "talking_avatar"));
    assert_eq!(v.prompt, None, "the spoken text is not the scene's prompt");
    assert_eq!(v.task_id.as_deref(), Some("v3"));
    assert!(v.seed.is_some());

    // Video to anime always carries the anime look (as fal does), the words after it.
    let anime = aivg_core::tasks::ANIME_STYLES;
    let restyle = load("video2anime", "video_restyle");
    let j = job(&env, "v4", "video2anime", json!({}));
    let v = vars::text_vars(&j, &restyle);
    assert_eq!(v.prompt.as_deref(), anime.first().map(|s| s.words));
    let j = job(
        &env,
        "v5",
        "video2anime",
        json!({"prompt": "a cat", "prompt_style": "retro"}),
    );
    let retro = anime.iter().find(|s| s.id == "retro").unwrap();
    let v = vars::text_vars(&j, &restyle);
    assert_eq!(v.prompt, Some(format!("{}, a cat", retro.words)));
}

#[tokio::test]
async fn the_talking_avatar_with_text_speaks_first() {
    let env = env();
    // A server with the avatar's model files (the workflows index lists them).
    let info = &crate::workflows::index().unwrap().workflows["talking_avatar"];
    let models: Vec<(&str, &str)> = info
        .models
        .iter()
        .map(|m| (m.folder.as_str(), m.file.as_str()))
        .collect();
    let comfy = fake(&models).await;
    let p = provider(&[&comfy.url]);
    let face = "users/u1/uploads/talking_face_tts/face.png";
    let png =
        crate::tasks::local::preview::png(&crate::tasks::local::preview::frame(8, 8, 1, 0.0), 8, 8)
            .unwrap();
    env.files.put(face, png.into()).await.unwrap();
    let mut j = job(
        &env,
        "t13",
        "talking_face_tts",
        json!({"file_path": face, "prompt": "Hello there.", "voice_id": "en-GB-sonia"}),
    );
    j.inputs.insert(
        "file_path",
        crate::uploads::objects::StoredObject {
            user_id: 1,
            oss_path: face.into(),
            origin: "upload".into(),
            task_id: String::new(),
            size: 1,
            content_type: "image/png".into(),
        },
    );
    match p.run(&j, progress().0).await {
        Ok(out) => {
            assert_eq!(out.outputs[0].content_type, "video/mp4");
            let seen = comfy.seen();
            let uploads: Vec<&str> = seen.uploads.iter().map(|(n, _)| n.as_str()).collect();
            assert_eq!(uploads, ["aivg_t13_file_path.png", "aivg_t13_speech.wav"]);
            let graph = &seen.prompts[0].graph;
            assert_eq!(graph["58"]["inputs"]["audio"], "aivg_t13_speech.wav");
            assert_eq!(graph["52"]["inputs"]["image"], "aivg_t13_file_path.png");
            // A square face makes a square video.
            let size = &graph["93"]["inputs"];
            assert_eq!(size["width"], size["height"]);
            assert!(size["width"].as_u64().unwrap() >= 32);
        }
        // A machine without espeak-ng (before scripts/setup.sh) says what to install.
        Err(e) => assert!(e.0.contains("espeak-ng is not installed"), "{e}"),
    }
}

#[tokio::test]
async fn a_server_that_dies_mid_run_hands_the_prompt_to_another() {
    let env = env();
    let mut two = vec![fake(&T2I_MODELS).await, fake(&T2I_MODELS).await];
    for f in &two {
        f.behave(|b| b.hang = true);
    }
    let p = provider(&[&two[0].url, &two[1].url]);
    let j = job(&env, "t14", "text2image", json!({"prompt": "x"}));
    let run = tokio::spawn(async move { p.run(&j, progress().0).await });
    until("a server runs it", || {
        two.iter().any(|f| f.running().is_some())
    })
    .await;
    let dying = usize::from(two[0].running().is_none());
    assert_eq!(two[dying].running().as_deref(), Some("aivg-t14-0"));
    two[1 - dying].behave(|b| b.hang = false);
    // Its listener closes and every connection is cut, as a crashed machine's.
    two[dying].go_down().await;
    let out = run.await.unwrap().unwrap();
    assert_eq!(out.outputs.len(), 1);
    assert_eq!(prompt_ids(&two[1 - dying]), ["aivg-t14-1"]);
}
