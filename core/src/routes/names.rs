//! The route names (docs/behaviour/languages-and-routes.md#routes named sections, plus names for
//! the other rows).

use super::table::{SPECS, Spec};
use serde::{Deserialize, Serialize};

/// Every route name: the named sections of docs/behaviour/languages-and-routes.md#routes, plus
/// names we gave to the other rows of the route table (`Index`, `NotFound`, `CatchAll`,
/// `DebugTestError`, `Create`) and the placeholder routes under their spec names
/// (`red1-to-ai-home`, ...). The talking-avatar tool (`/ai-tools/ai-talking-avatar`) is the
/// `LipSync` section.
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RouteName {
    /// `/` and the bare prefix: redirects to `/home`.
    Index,
    /// `/home`.
    Home,
    /// `/404`.
    NotFound,
    /// `/:slug(.*)*`: any path no other route matches.
    CatchAll,
    /// `/debug/test-error`.
    DebugTestError,
    /// `/create`: redirects to `/image-to-video`.
    Create,
    /// `/ai-tools/:category?`.
    AiTools,
    /// `/ai-tools/video-enhancer`.
    AiToolsVideoEnhancer,
    /// `/ai-tools/image-enhancer`.
    AiToolsImageEnhancer,
    /// `/ai-tools/ai-talking-avatar` (talking avatar).
    LipSync,
    /// `/ai-tools/bg-remover`.
    AiToolsBgRemover,
    /// `/ai-tools/object-remover`.
    AiToolsObjectRemover,
    /// `/ai-tools/partial-redrawing`.
    AiToolsPartialRedrawing,
    /// `/ai-tools/video-eraser/:category?`.
    AiToolsVideoEraser,
    /// `/ai-tools/audio-tools`: the minute-metered tools (translate, denoise, vocal remover;
    /// docs/behaviour/tasks-and-queue.md#minute-metered-tools names the tools, not their page:
    /// decided).
    AiToolsAudioTools,
    /// `/text-to-video/:semantic?`.
    TextToVideo,
    /// `/image-to-video/:semantic?`.
    ImageToVideo,
    /// `/video-to-anime/:semantic?`.
    VideoToAnime,
    /// `/video-to-video/:semantic?`.
    VideoToVideo,
    /// `/text-to-image/:semantic?`.
    TextToImage,
    /// `/image-to-image/:semantic?`.
    ImageToImage,
    /// `/text-to-music/:semantic?/:tabname?`.
    TextToMusic,
    /// `/effect`.
    Effect,
    /// `/effect/create/:semantic?`.
    EffectCreate,
    /// `/explore`.
    Explore,
    /// `/explore/zone`.
    ExploreZone,
    /// `/libraries`.
    Libraries,
    /// `/template`.
    Template,
    /// `/admin`: the operator console (a decision of ours; docs/operations.md#the-operator-console).
    Admin,
    /// A named section without a path (docs/behaviour/languages-and-routes.md#routes: "A pricing
    /// path is not shown").
    Pricing,
    /// Placeholder `/red1-to-ai-home`.
    #[serde(rename = "red1-to-ai-home")]
    Red1ToAiHome,
    /// Placeholder `/red1-to-home`.
    #[serde(rename = "red1-to-home")]
    Red1ToHome,
    /// Placeholder `/red1-to-ai-root`.
    #[serde(rename = "red1-to-ai-root")]
    Red1ToAiRoot,
    /// Placeholder `/red1-to-ai-root2`.
    #[serde(rename = "red1-to-ai-root2")]
    Red1ToAiRoot2,
    /// Placeholder `/red1-to-t2v`.
    #[serde(rename = "red1-to-t2v")]
    Red1ToT2v,
    /// Placeholder `/red1-to-ai-v2t`.
    #[serde(rename = "red1-to-ai-v2t")]
    Red1ToAiV2t,
    /// Placeholder `/ai/red2-to-ai-home`.
    #[serde(rename = "red2-to-ai-home")]
    Red2ToAiHome,
    /// Placeholder `/ai/red2-to-home`.
    #[serde(rename = "red2-to-home")]
    Red2ToHome,
    /// Placeholder `/ai/red2-to-ai-root`.
    #[serde(rename = "red2-to-ai-root")]
    Red2ToAiRoot,
    /// Placeholder `/ai/red2-to-ai-root2`.
    #[serde(rename = "red2-to-ai-root2")]
    Red2ToAiRoot2,
    /// Placeholder `/ai/red2-to-t2v`.
    #[serde(rename = "red2-to-t2v")]
    Red2ToT2v,
    /// Placeholder `/ai/red2-to-ai-v2t`.
    #[serde(rename = "red2-to-ai-v2t")]
    Red2ToAiV2t,
}

use RouteName as R;

impl RouteName {
    /// The name as serialized (`"Home"`, `"red1-to-home"`).
    pub fn as_str(self) -> &'static str {
        match self {
            R::Index => "Index",
            R::Home => "Home",
            R::NotFound => "NotFound",
            R::CatchAll => "CatchAll",
            R::DebugTestError => "DebugTestError",
            R::Create => "Create",
            R::AiTools => "AiTools",
            R::AiToolsVideoEnhancer => "AiToolsVideoEnhancer",
            R::AiToolsImageEnhancer => "AiToolsImageEnhancer",
            R::LipSync => "LipSync",
            R::AiToolsBgRemover => "AiToolsBgRemover",
            R::AiToolsObjectRemover => "AiToolsObjectRemover",
            R::AiToolsPartialRedrawing => "AiToolsPartialRedrawing",
            R::AiToolsVideoEraser => "AiToolsVideoEraser",
            R::AiToolsAudioTools => "AiToolsAudioTools",
            R::TextToVideo => "TextToVideo",
            R::ImageToVideo => "ImageToVideo",
            R::VideoToAnime => "VideoToAnime",
            R::VideoToVideo => "VideoToVideo",
            R::TextToImage => "TextToImage",
            R::ImageToImage => "ImageToImage",
            R::TextToMusic => "TextToMusic",
            R::Effect => "Effect",
            R::EffectCreate => "EffectCreate",
            R::Explore => "Explore",
            R::ExploreZone => "ExploreZone",
            R::Libraries => "Libraries",
            R::Template => "Template",
            R::Admin => "Admin",
            R::Pricing => "Pricing",
            R::Red1ToAiHome => "red1-to-ai-home",
            R::Red1ToHome => "red1-to-home",
            R::Red1ToAiRoot => "red1-to-ai-root",
            R::Red1ToAiRoot2 => "red1-to-ai-root2",
            R::Red1ToT2v => "red1-to-t2v",
            R::Red1ToAiV2t => "red1-to-ai-v2t",
            R::Red2ToAiHome => "red2-to-ai-home",
            R::Red2ToHome => "red2-to-home",
            R::Red2ToAiRoot => "red2-to-ai-root",
            R::Red2ToAiRoot2 => "red2-to-ai-root2",
            R::Red2ToT2v => "red2-to-t2v",
            R::Red2ToAiV2t => "red2-to-ai-v2t",
        }
    }

    /// Parses a serialized name exactly (case-sensitive), `None` for anything else.
    pub fn from_name(name: &str) -> Option<RouteName> {
        SPECS
            .iter()
            .map(|s| s.name)
            .chain([R::Pricing])
            .find(|n| n.as_str() == name)
    }

    pub(crate) fn spec(self) -> Option<&'static Spec> {
        SPECS.iter().find(|s| s.name == self)
    }
}
