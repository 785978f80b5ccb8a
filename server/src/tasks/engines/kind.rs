//! The engines a module may run on, by the names the engines file and `aivg-server engines`
//! use (see `engines/mod.rs`). Plain names, so the task settings (`settings.rs`) can read the
//! engines file without importing the engines themselves.

/// An engine a module may run on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Engine {
    ComfyUi,
    Fal,
    Local,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Self::ComfyUi => "comfyui",
            Self::Fal => "fal",
            Self::Local => "local",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "comfyui" => Some(Self::ComfyUi),
            "fal" => Some(Self::Fal),
            "local" => Some(Self::Local),
            _ => None,
        }
    }
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
