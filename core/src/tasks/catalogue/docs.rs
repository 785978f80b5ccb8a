//! The catalogue as a page of the docs (`docs/task-modules.md`): one table the rows write, so no
//! hand-written table can drift from them (`core/tests/generated_docs.rs` checks the file).

use super::{Media, Need, TASK_MODULES, TaskModule};

/// `docs/task-modules.md`: every module's code, title, price, fields, output, options, workflows
/// and screens, in the catalogue's order.
pub fn task_modules_markdown() -> String {
    let mut out = String::from(
        "<!-- Generated from core's catalogue (core/src/tasks/catalogue/table.rs): do not edit. \
         `AIVG_WRITE_DOCS=1 cargo test -p aivg-core --test rules generated_docs` rewrites it; without \
         the variable that test fails when this file differs. -->\n\n\
         # Task modules\n\n\
         Every task module the site offers, one row of `TASK_MODULES` each: what a task costs, \
         the fields of its `data` (`?` optional, `|` at least one of them), what it makes, the \
         options that apply, the ComfyUI workflows it runs (none: the server does the work \
         itself) and the screens that create it. The rules around them are in \
         [behaviour/tasks-and-queue.md](behaviour/tasks-and-queue.md); the fal.ai models are in \
         [engines-fal-models.md](engines-fal-models.md).\n\n\
         | module | title | credits | fields | makes | options | workflows | screens |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    for m in TASK_MODULES {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} | {} | {} | {} |\n",
            m.code,
            m.title,
            m.credits,
            fields(m),
            media(m.output),
            options(m),
            ticked(m.workflows().iter().map(|w| w.name())),
            ticked(m.screens.iter().copied()),
        ));
    }
    out
}

fn fields(m: &TaskModule) -> String {
    let names: Vec<String> = m
        .fields
        .iter()
        .map(|f| match f.need {
            Need::Required => format!("`{}`", f.name),
            Need::Optional => format!("`{}`?", f.name),
            Need::OneOf => format!("`{}`|", f.name),
        })
        .collect();
    names.join(", ")
}

fn media(output: Media) -> &'static str {
    match output {
        Media::Image => "image",
        Media::Video => "video",
        Media::Audio => "audio",
    }
}

fn options(m: &TaskModule) -> String {
    let mut o = Vec::new();
    if m.aspect_ratio {
        o.push("aspect ratio".to_owned());
    }
    if let Some(d) = m.duration {
        o.push(if d.choices.is_empty() {
            format!("{}–{} s (default {})", d.min, d.max, d.default)
        } else {
            let c: Vec<String> = d.choices.iter().map(u32::to_string).collect();
            format!("{} s (default {})", c.join(" or "), d.default)
        });
    }
    if m.style {
        o.push("music style".to_owned());
    }
    if m.voice {
        o.push("voice".to_owned());
    }
    if !m.prompt_styles.is_empty() {
        let ids: Vec<String> = m
            .prompt_styles
            .iter()
            .map(|s| format!("`{}`", s.id))
            .collect();
        o.push(format!("style ({})", ids.join(", ")));
    }
    if let Some(l) = m.list_module {
        o.push(format!("listed as `{l}`"));
    }
    if o.is_empty() {
        "—".to_owned()
    } else {
        o.join("; ")
    }
}

fn ticked<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let v: Vec<String> = names.map(|n| format!("`{n}`")).collect();
    if v.is_empty() {
        "none".to_owned()
    } else {
        v.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_module_has_its_row() {
        let page = task_modules_markdown();
        for m in TASK_MODULES {
            assert!(page.contains(&format!("| `{}` | {} | {} |", m.code, m.title, m.credits)));
        }
    }
}
