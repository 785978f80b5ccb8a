//! The tree of object shapes: shape 0 is `{}`, each other shape is its parent plus one key.

const NONE: u32 = u32::MAX;
/// Children of one shape searched before giving up: more means object keys that are data (a
/// dictionary), which the general decoder handles without a search per key. A list rather than
/// a hash map: this is the rare path, and a map costs several KB of WebAssembly.
const MAX_SIBLINGS: u32 = 64;

#[derive(Debug, Clone, Copy)]
struct Shape {
    parent: u32,
    /// Byte range of the key in the text (its first occurrence).
    start: u32,
    end: u32,
    /// Its UTF-16 range there.
    u16_start: u32,
    u16_end: u32,
    /// The child shape reached last from this one: the usual next key.
    last: u32,
    /// The first of its children, and the next child of its parent.
    first: u32,
    next: u32,
}

/// The shapes seen in one text.
#[derive(Debug)]
pub(super) struct Shapes<'a> {
    b: &'a [u8],
    shapes: Vec<Shape>,
}

/// A key as found in the text: byte range and UTF-16 range of its content.
#[derive(Debug, Clone, Copy)]
pub(super) struct Key {
    pub start: usize,
    pub end: usize,
    pub u16_start: usize,
    pub u16_end: usize,
}

impl<'a> Shapes<'a> {
    pub fn new(b: &'a [u8]) -> Self {
        let root = Shape {
            parent: NONE,
            start: 0,
            end: 0,
            u16_start: 0,
            u16_end: 0,
            last: NONE,
            first: NONE,
            next: NONE,
        };
        Shapes {
            b,
            shapes: vec![root],
        }
    }

    /// The usual next key after `shape`: (child shape, key bytes, bytes minus UTF-16 units).
    pub fn usual(&self, shape: u32) -> Option<(u32, &'a [u8], usize)> {
        let child = self.shapes.get(shape as usize)?.last;
        let s = self.shapes.get(child as usize)?;
        let key = self.b.get(s.start as usize..s.end as usize)?;
        let excess = (s.end - s.start) - (s.u16_end - s.u16_start);
        Some((child, key, excess as usize))
    }

    /// The shape `shape` plus `key` (a key without escapes); `None` when JavaScript would not
    /// keep the keys in text order or devalue would reject one: `__proto__`, a key starting with
    /// a digit (it may be an array index), a key already in the shape, a key with U+FFFD; and past
    /// [`MAX_SIBLINGS`] keys after one shape.
    pub fn child(&mut self, shape: u32, key: Key) -> Option<u32> {
        let bytes = self.b.get(key.start..key.end)?;
        let mut c = self.shapes.get(shape as usize)?.first;
        let mut seen = 0;
        while c != NONE {
            let s = self.shapes.get(c as usize)?;
            if self.b.get(s.start as usize..s.end as usize) == Some(bytes) {
                break;
            }
            seen += 1;
            if seen > MAX_SIBLINGS {
                return None;
            }
            c = s.next;
        }
        let child = if c == NONE {
            self.add(shape, key, bytes)?
        } else {
            c
        };
        self.shapes.get_mut(shape as usize)?.last = child;
        Some(child)
    }

    fn add(&mut self, parent: u32, key: Key, bytes: &'a [u8]) -> Option<u32> {
        // U+FFFD may stand for any lone surrogate of the caller's text (TextEncoder writes one
        // for each), so two such keys that differ there would look alike.
        if bytes == b"__proto__"
            || bytes.first().is_some_and(u8::is_ascii_digit)
            || bytes.windows(3).any(|w| w == "\u{FFFD}".as_bytes())
        {
            return None;
        }
        let mut up = parent;
        while up != 0 {
            let s = self.shapes.get(up as usize)?;
            if self.b.get(s.start as usize..s.end as usize) == Some(bytes) {
                return None;
            }
            up = s.parent;
        }
        let id = u32::try_from(self.shapes.len()).ok()?;
        let next = self.shapes.get(parent as usize)?.first;
        self.shapes.push(Shape {
            parent,
            start: key.start as u32,
            end: key.end as u32,
            u16_start: key.u16_start as u32,
            u16_end: key.u16_end as u32,
            last: NONE,
            first: NONE,
            next,
        });
        self.shapes.get_mut(parent as usize)?.first = id;
        Some(id)
    }

    /// The tape's shape table: parent, UTF-16 start and end of the key, per shape.
    pub fn table(&self) -> Vec<u32> {
        let mut out = Vec::with_capacity(self.shapes.len() * 3);
        for s in &self.shapes {
            out.extend_from_slice(&[s.parent, s.u16_start, s.u16_end]);
        }
        out
    }
}
