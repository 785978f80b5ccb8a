//! The left sidebar menu (docs/behaviour/languages-and-routes.md#page-frame, page frame).

use super::RouteName;
use serde::{Deserialize, Serialize};

/// One navigable entry of the menu.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MenuEntry {
    /// The route the entry navigates to (unprefixed route; the app adds the current language).
    pub route: RouteName,
    /// The translation key of the label, e.g. `"menu.imageToVideo"`.
    pub label_key: String,
    /// The English label (the spec names the entries but gives no copy; ours is the plain name).
    pub label: String,
}

/// One item of the menu, in display order.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum MenuItem {
    /// A top-level entry.
    Entry(MenuEntry),
    /// A titled group of entries (AI Video, AI Image, AI Audio).
    Group {
        /// The translation key of the title, e.g. `"menu.aiVideo"`.
        title_key: String,
        /// The English title, e.g. `"AI Video"`.
        title: String,
        /// The entries, in order.
        entries: Vec<MenuEntry>,
    },
    /// A thin divider line.
    Divider,
}

fn entry(route: RouteName, key: &str, label: &str) -> MenuEntry {
    MenuEntry {
        route,
        label_key: format!("menu.{key}"),
        label: label.to_string(),
    }
}

fn group(key: &str, title: &str, entries: Vec<MenuEntry>) -> MenuItem {
    MenuItem::Group {
        title_key: format!("menu.{key}"),
        title: title.to_string(),
        entries,
    }
}

/// The left sidebar menu in order (docs/behaviour/languages-and-routes.md#page-frame): Home,
/// Explore, Effect, a divider, group AI Video (image to video, text to video, video to video
/// labelled "Video to Anime"), group AI Image (text to image, image to image), group AI Audio (text
/// to music), a divider, Libraries, AI Tools. The video-to-video entry navigates to VideoToVideo.
pub fn menu() -> Vec<MenuItem> {
    use RouteName as R;
    vec![
        MenuItem::Entry(entry(R::Home, "home", "Home")),
        MenuItem::Entry(entry(R::Explore, "explore", "Explore")),
        MenuItem::Entry(entry(R::Effect, "effect", "Effect")),
        MenuItem::Divider,
        group(
            "aiVideo",
            "AI Video",
            vec![
                entry(R::ImageToVideo, "imageToVideo", "Image to Video"),
                entry(R::TextToVideo, "textToVideo", "Text to Video"),
                entry(R::VideoToVideo, "videoToAnime", "Video to Anime"),
            ],
        ),
        group(
            "aiImage",
            "AI Image",
            vec![
                entry(R::TextToImage, "textToImage", "Text to Image"),
                entry(R::ImageToImage, "imageToImage", "Image to Image"),
            ],
        ),
        group(
            "aiAudio",
            "AI Audio",
            vec![entry(R::TextToMusic, "textToMusic", "Text to Music")],
        ),
        MenuItem::Divider,
        MenuItem::Entry(entry(R::Libraries, "libraries", "Libraries")),
        MenuItem::Entry(entry(R::AiTools, "aiTools", "AI Tools")),
    ]
}

/// The menu entry (named by its route) to mark active on a route, or `None` when the route
/// belongs to no entry (the 404 page, the catch-all, Template, Pricing, unknown names).
///
/// The video-to-video entry and the video-to-anime route count as one entry
/// (docs/behaviour/languages-and-routes.md#routes), so both VideoToVideo and VideoToAnime give
/// VideoToVideo. The spec is silent on sub-pages; we mark their parent: EffectCreate → Effect,
/// ExploreZone → Explore, every AI tool page (AiTools*, LipSync) → AiTools.
pub fn active_menu_entry(route_name: &str) -> Option<RouteName> {
    use RouteName as R;
    let route = RouteName::from_name(route_name)?;
    match route {
        R::Home | R::Explore | R::Effect | R::ImageToVideo | R::TextToVideo => Some(route),
        R::TextToImage | R::ImageToImage | R::TextToMusic | R::Libraries | R::AiTools => {
            Some(route)
        }
        R::VideoToVideo | R::VideoToAnime => Some(R::VideoToVideo),
        R::EffectCreate => Some(R::Effect),
        R::ExploreZone => Some(R::Explore),
        R::AiToolsVideoEnhancer
        | R::AiToolsImageEnhancer
        | R::LipSync
        | R::AiToolsBgRemover
        | R::AiToolsObjectRemover
        | R::AiToolsPartialRedrawing
        | R::AiToolsVideoEraser
        | R::AiToolsAudioTools => Some(R::AiTools),
        _ => None,
    }
}

/// Whether the menu entry of route `entry_route` is marked active while `current_route` is
/// shown: [`active_menu_entry`] as a yes/no, which the menu asks once per entry (and which,
/// unlike an absent entry, has the same JSON in every language of the project). Unknown names
/// give false.
pub fn is_menu_entry_active(entry_route: &str, current_route: &str) -> bool {
    active_menu_entry(current_route).is_some_and(|active| active.as_str() == entry_route)
}

#[cfg(test)]
mod tests {
    use super::{MenuItem, active_menu_entry, menu};
    use crate::routes::RouteName;

    #[test]
    fn every_entry_is_active_on_its_own_route() {
        let entries = menu().into_iter().flat_map(|item| match item {
            MenuItem::Entry(e) => vec![e],
            MenuItem::Group { entries, .. } => entries,
            MenuItem::Divider => Vec::new(),
        });
        let mut count = 0;
        for e in entries {
            assert_eq!(active_menu_entry(e.route.as_str()), Some(e.route));
            count += 1;
        }
        assert_eq!(count, 11);
        assert_eq!(
            active_menu_entry("VideoToAnime"),
            Some(RouteName::VideoToVideo)
        );
    }
}
