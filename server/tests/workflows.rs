//! The shipped ComfyUI workflows against ComfyUI's node schemas (`fixtures/comfyui/
//! node_schemas.json`, generated from Comfy-Org's packages): every one, filled with sample
//! values, would be accepted; broken copies are refused with the right problem; every catalogue
//! workflow exists; an operator's file replaces a module's workflow.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use aivg_core::tasks::{Media, TASK_MODULES, WorkflowName};
use aivg_server::workflows::{
    LOADERS, Origin, Problem, SHIPPED, Vars, WorkflowError, check_workflow, index, load,
    placeholders, required_models,
};
use serde_json::{Value, json};

fn object_info() -> Value {
    let text = include_str!("../../fixtures/comfyui/node_schemas.json");
    let doc: Value = serde_json::from_str(text).unwrap();
    assert!(
        doc["source"]
            .as_str()
            .unwrap()
            .contains("comfyui-embedded-docs")
    );
    doc["nodes"].clone()
}

fn sample_vars() -> Vars {
    Vars {
        prompt: Some("a red fox in the snow".into()),
        negative_prompt: Some("blurry".into()),
        width: Some(832),
        height: Some(480),
        seed: Some(42),
        frames: Some(121),
        fps: Some(24),
        duration: Some(30.0),
        image: Some("aivg_t1.png".into()),
        mask: Some("aivg_t1_mask.png".into()),
        video: Some("aivg_t1.mp4".into()),
        audio: Some("aivg_t1.mp3".into()),
        lyrics: Some("[verse]\nla la la".into()),
        tags: Some("pop, piano".into()),
        task_id: Some("t1".into()),
    }
}

fn filled(name: &str) -> Value {
    load("any", name, None)
        .unwrap()
        .fill(&sample_vars())
        .unwrap()
}

#[test]
fn every_shipped_workflow_filled_passes_the_node_schemas() {
    let info = object_info();
    for (name, _) in SHIPPED {
        let graph = filled(name);
        let problems = check_workflow(&graph, &info);
        assert!(problems.is_empty(), "{name}: {problems:#?}");
        assert!(placeholders(&graph).is_empty(), "{name} left placeholders");
        // The unfilled workflow checks too: placeholders stand for any value.
        let raw = load("any", name, None).unwrap().graph;
        assert!(check_workflow(&raw, &info).is_empty(), "{name} (unfilled)");
    }
}

#[test]
fn filling_puts_typed_values_and_the_task_id_in_the_output_name() {
    let graph = filled("text_to_video");
    let latent = graph
        .as_object()
        .unwrap()
        .values()
        .find(|n| n["class_type"] == "Wan22ImageToVideoLatent")
        .unwrap();
    assert_eq!(latent["inputs"]["length"], json!(121));
    assert_eq!(latent["inputs"]["width"], json!(832));
    let save = graph
        .as_object()
        .unwrap()
        .values()
        .find(|n| n["class_type"] == "SaveVideo")
        .unwrap();
    assert_eq!(save["inputs"]["filename_prefix"], json!("aivg/t1"));
}

#[test]
fn defaults_fill_what_a_task_leaves_out_and_missing_values_are_named() {
    let wf = load("text2video", "text_to_video", None).unwrap();
    let vars = Vars {
        prompt: Some("waves".into()),
        seed: Some(1),
        task_id: Some("t2".into()),
        ..Vars::default()
    };
    // width, height, frames and the negative prompt come from the template.
    let graph = wf.fill(&vars).unwrap();
    assert!(placeholders(&graph).is_empty());
    let err = wf.fill(&Vars::default()).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("{{prompt}}") && msg.contains("{{seed}}"),
        "{msg}"
    );
}

fn broken(name: &str, edit: impl FnOnce(&mut serde_json::Map<String, Value>)) -> Vec<Problem> {
    let mut graph = filled(name);
    edit(graph.as_object_mut().unwrap());
    check_workflow(&graph, &object_info())
}

fn node_of<'a>(g: &'a mut serde_json::Map<String, Value>, class: &str) -> (String, &'a mut Value) {
    let (id, node) = g
        .iter_mut()
        .find(|(_, n)| n["class_type"] == class)
        .unwrap();
    (id.clone(), node)
}

#[test]
fn broken_copies_fail_with_the_right_problem() {
    let p = broken("text_to_image", |g| {
        node_of(g, "VAEDecode").1["class_type"] = json!("VAEDecodeMagic");
    });
    assert!(
        matches!(&p[..], [Problem::UnknownNode { class_type, .. }] if class_type == "VAEDecodeMagic"),
        "{p:?}"
    );

    let p = broken("text_to_image", |g| {
        let (_, dec) = node_of(g, "VAEDecode");
        let samples = dec["inputs"]["samples"][0].clone();
        dec["inputs"]["samples"] = json!([samples, 3]);
    });
    assert!(
        matches!(&p[..], [Problem::BadSlot { slot: 3, outputs: 1, input, .. }] if input == "samples"),
        "{p:?}"
    );

    // VAEDecode's `vae` fed from the UNET loader's MODEL output.
    let p = broken("text_to_image", |g| {
        let unet = node_of(g, "UNETLoader").0;
        node_of(g, "VAEDecode").1["inputs"]["vae"] = json!([unet, 0]);
    });
    assert!(
        matches!(&p[..], [Problem::TypeMismatch { expected, found, .. }] if expected == "VAE" && found == "MODEL"),
        "{p:?}"
    );

    let p = broken("music", |g| {
        node_of(g, "KSampler").1["inputs"]
            .as_object_mut()
            .unwrap()
            .remove("steps");
    });
    assert!(
        matches!(&p[..], [Problem::MissingInput { input, .. }] if input == "steps"),
        "{p:?}"
    );

    let p = broken("music", |g| {
        node_of(g, "KSampler").1["inputs"]["stepz"] = json!(3);
    });
    assert!(
        matches!(&p[..], [Problem::UnknownInput { input, .. }] if input == "stepz"),
        "{p:?}"
    );

    let p = broken("music", |g| {
        node_of(g, "KSampler").1["inputs"]["model"] = json!(["999", 0]);
    });
    assert!(
        matches!(&p[..], [Problem::MissingSource { source, .. }] if source == "999"),
        "{p:?}"
    );

    let p = broken("music", |g| {
        node_of(g, "KSampler").1["inputs"]["steps"] = json!("many");
    });
    assert!(
        matches!(&p[..], [Problem::BadValue { input, .. }] if input == "steps"),
        "{p:?}"
    );

    // A model file the schema's loader does not list (ComfyUI: value_not_in_list).
    let p = broken("music", |g| {
        node_of(g, "CheckpointLoaderSimple").1["inputs"]["ckpt_name"] = json!("nope.safetensors");
    });
    assert!(
        matches!(&p[..], [Problem::BadValue { input, .. }] if input == "ckpt_name"),
        "{p:?}"
    );

    let p = broken("music", |g| {
        let id = node_of(g, "SaveAudioMP3").0;
        g.remove(&id);
    });
    assert_eq!(p, vec![Problem::NoOutputNode]);
    assert!(p[0].to_string().contains("no output node"));
}

#[test]
fn combo_choices_in_both_object_info_forms_are_checked() {
    let graph = json!({
        "1": {"class_type": "Pick", "inputs": {"a": "x", "b": "y", "a.nested": 1}},
        "2": {"class_type": "Out", "inputs": {"v": ["1", 0]}}
    });
    let info = json!({
        "Pick": {"input": {"required": {
            "a": [["x", "z"], {}],
            "b": ["COMBO", {"options": ["z"]}]
        }}, "output": ["STRING"]},
        "Out": {"input": {"required": {"v": ["*", {}]}}, "output": [], "output_node": true}
    });
    let p = check_workflow(&graph, &info);
    assert!(
        matches!(&p[..], [Problem::BadValue { input, .. }] if input == "b"),
        "{p:?}"
    );
    assert!(p[0].to_string().contains("\"z\""), "{}", p[0]);
    // `a.nested` (an input under the dynamic combo `a`) is not reported; `c.x` would be.
    let mut g = graph.clone();
    g["1"]["inputs"]["c.x"] = json!(1);
    assert_eq!(check_workflow(&g, &info).len(), 2);
    // A placeholder stands for any choice.
    let mut g = graph.clone();
    g["1"]["inputs"]["b"] = json!("{{image}}");
    assert!(check_workflow(&g, &info).is_empty());
}

#[test]
fn every_catalogue_workflow_is_shipped_with_the_right_output() {
    let idx = index().unwrap();
    for m in TASK_MODULES.iter() {
        for name in m.workflows().iter().map(|w| w.name()) {
            let wf = load(m.code, name, None).unwrap_or_else(|e| panic!("{}: {e}", m.code));
            let info = wf.info.unwrap();
            let want = match m.output {
                Media::Image => "image",
                Media::Video => "video",
                Media::Audio => "audio",
            };
            assert_eq!(info.output, want, "{} → {name}", m.code);
        }
    }
    assert_eq!(idx.workflows.len(), SHIPPED.len());
}

#[test]
fn the_shipped_files_and_the_index_are_exactly_cores_workflows() {
    // server/workflows/*.json (embedded by build.rs) and index.json's keys against
    // WorkflowName::ALL: a file without a name in core, or a name without its file and index
    // entry, fails here (docs/architecture.md, "Adding a generation module").
    let mut names: Vec<&str> = WorkflowName::ALL.iter().map(|w| w.name()).collect();
    names.sort_unstable();
    let files: Vec<&str> = SHIPPED.iter().map(|(n, _)| *n).collect();
    assert_eq!(files, names, "server/workflows/*.json");
    let indexed: Vec<&str> = index()
        .unwrap()
        .workflows
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(indexed, names, "server/workflows/index.json");
}

#[test]
fn required_models_match_the_index() {
    let idx = index().unwrap();
    for (name, _) in SHIPPED {
        let graph = load("any", name, None).unwrap().graph;
        let mut from_index: Vec<(String, String)> = idx.workflows[*name]
            .models
            .iter()
            .map(|m| (m.folder.clone(), m.file.clone()))
            .collect();
        from_index.sort();
        assert_eq!(required_models(&graph), from_index, "{name}");
        for m in &idx.workflows[*name].models {
            assert!(
                m.url.as_deref().is_some_and(|u| u.starts_with("https://")),
                "{name}: {} has no URL",
                m.file
            );
        }
    }
    assert!(
        LOADERS
            .iter()
            .any(|(c, _, f)| *c == "UNETLoader" && *f == "diffusion_models")
    );
}

#[test]
fn an_override_dir_replaces_a_module_workflow_and_bad_files_are_named() {
    let dir = std::env::temp_dir().join(format!("aivg-wf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mine = json!({
        "1": {"class_type": "CheckpointLoaderSimple", "inputs": {"ckpt_name": "mine.safetensors"}},
        "2": {"class_type": "SaveImage", "inputs": {"images": ["1", 0], "filename_prefix": "x/{{task_id}}"}},
        "3": {"class_type": "CLIPTextEncode", "inputs": {"clip": ["1", 1], "text": "{{prompt}}"}}
    });
    std::fs::write(dir.join("text2image.json"), mine.to_string()).unwrap();
    let wf = load("text2image", "text_to_image", Some(&dir)).unwrap();
    assert_eq!(wf.graph, mine);
    assert_eq!(wf.origin, Origin::Override(dir.join("text2image.json")));
    // Its facts are its own (no sidecar: no defaults), not the shipped workflow's.
    assert!(wf.info.as_ref().unwrap().defaults.is_empty());
    // Without {{prompt}} the user's words would never reach it: refused, naming it.
    let mut baked = mine.clone();
    baked["3"]["inputs"]["text"] = json!("a fixed prompt");
    std::fs::write(dir.join("wallpaper.json"), baked.to_string()).unwrap();
    let msg = load("wallpaper", "text_to_image", Some(&dir))
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("wallpaper.json") && msg.contains("{{prompt}}"),
        "{msg}"
    );
    std::fs::remove_file(dir.join("wallpaper.json")).unwrap();
    // Another module with the same workflow keeps the shipped one.
    let other = load("wallpaper", "text_to_image", Some(&dir)).unwrap();
    assert_eq!(other.origin, Origin::Shipped);

    std::fs::write(dir.join("mai_fs.json"), "{\"nodes\": [], \"links\": []}").unwrap();
    let err = load("mai_fs", "remove_background", Some(&dir)).unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, WorkflowError::BadFile { .. }), "{msg}");
    assert!(
        msg.contains("mai_fs.json") && msg.contains("Export (API)"),
        "{msg}"
    );

    std::fs::write(dir.join("txt2Music.json"), "not json").unwrap();
    let msg = load("txt2Music", "music", Some(&dir))
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("txt2Music.json") && msg.contains("not valid JSON"),
        "{msg}"
    );
    std::fs::remove_dir_all(&dir).unwrap();

    assert!(matches!(
        load("x", "no_such", None),
        Err(WorkflowError::Unknown(_))
    ));
}

#[test]
fn engines_doc_states_each_workflows_template_changes_and_comfyui_version() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/engines.md"),
    )
    .unwrap();
    for (name, info) in &index().unwrap().workflows {
        let min = info.min_comfyui.as_deref().unwrap_or("not stated");
        let row = doc
            .lines()
            .find(|l| l.starts_with(&format!("| `{name}` |")))
            .unwrap_or_else(|| panic!("docs/engines.md has no row for {name}"));
        assert!(row.contains(&format!("| {min} |")), "{name}: {row}");
    }
}
