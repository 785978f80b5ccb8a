//! A synthesised stand-in for music and songs: a few seconds of notes of a pentatonic scale picked
//! by the prompt's hash (same prompt, same tune), as 16-bit mono PCM WAV.

/// Sample rate, Hz.
pub const SAMPLE_RATE: u32 = 22_050;
/// Length of the preview, seconds (whatever `duration` asks: it is a preview).
pub const PREVIEW_SECONDS: u32 = 3;
const NOTES_PER_SECOND: u32 = 4;

/// A4 pentatonic (A C D E G) over two octaves, Hz.
const SCALE: [f64; 10] = [
    220.0, 261.63, 293.66, 329.63, 392.0, 440.0, 523.25, 587.33, 659.25, 783.99,
];

/// WAV bytes of the tune of `seed`, `seconds` long.
#[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
pub fn tune(seed: u64, seconds: u32) -> Vec<u8> {
    let per_note = SAMPLE_RATE / NOTES_PER_SECOND;
    let notes = seconds * NOTES_PER_SECOND;
    let mut samples: Vec<i16> = Vec::with_capacity((per_note * notes) as usize);
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for _ in 0..notes {
        // xorshift64: the next note from the seed.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let freq = SCALE
            .get((state % SCALE.len() as u64) as usize)
            .copied()
            .unwrap_or(440.0);
        for i in 0..per_note {
            let t = f64::from(i) / f64::from(SAMPLE_RATE);
            // A soft attack and a decay, so notes do not click.
            let env = (f64::from(i) / 200.0).min(1.0)
                * (1.0 - f64::from(i) / f64::from(per_note)).powf(1.5);
            let wave = (2.0 * std::f64::consts::PI * freq * t).sin()
                + 0.3 * (4.0 * std::f64::consts::PI * freq * t).sin();
            samples.push((wave / 1.3 * env * 0.6 * f64::from(i16::MAX)) as i16);
        }
    }
    // Whole seconds: the note length rounds down, so pad the last few samples with silence.
    samples.resize((SAMPLE_RATE * seconds) as usize, 0);
    wav(&samples)
}

/// A 16-bit mono PCM WAV file of `samples` at [`SAMPLE_RATE`].
pub fn wav(samples: &[i16]) -> Vec<u8> {
    let data_len = u32::try_from(samples.len() * 2).unwrap_or(u32::MAX);
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tunes_are_wav_of_the_asked_length() {
        let a = tune(42, 1);
        assert!(a == tune(42, 1));
        assert!(a != tune(43, 1));
        assert_eq!(crate::uploads::mediainfo::wav_duration(&a), Some(1.0));
    }
}
