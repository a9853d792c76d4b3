//! The weights file (`.kgn`) and the built-in nets: `KGN2`, the shape as four `u16`
//! ([`FEATURES`], [`DIM`], [`HIDDEN`], [`FACTS`]), then the float net's numbers in the flat form
//! ([`super::layout`]) as little-endian `f32`. The integers are made at load time. The built-in
//! files are `weights/renju.kgn` and `weights/freestyle.kgn` beside this file, compiled in.

use super::layout::NUMBERS;
use super::{FloatNet, QuantNet, DIM, FACTS, FEATURES, HIDDEN};
use crate::rules::Rule;
use std::sync::OnceLock;

/// A rule's net, in floating point and in integers.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// As the trainer keeps it.
    pub float: FloatNet,
    /// As the search runs it.
    pub quant: QuantNet,
}

/// The weights file's first bytes.
const MAGIC: &[u8; 4] = b"KGN2";
/// Bytes before the numbers: the magic and the shape.
const HEADER: usize = 12;

impl Net {
    /// The net of `float`.
    pub fn new(float: FloatNet) -> Net {
        let quant = float.quantise();
        Net { float, quant }
    }

    /// The weights file of the net.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for n in [FEATURES, DIM, HIDDEN, FACTS] {
            out.extend((n as u16).to_le_bytes());
        }
        for x in self.float.numbers() {
            out.extend(x.to_le_bytes());
        }
        out
    }

    /// Reads a weights file.
    pub fn decode(bytes: &[u8]) -> Result<Net, String> {
        if bytes.get(..4) != Some(MAGIC.as_slice()) {
            return Err("not a KGN2 weights file".into());
        }
        if bytes.len() < HEADER {
            return Err("the weights file is cut short".into());
        }
        let shape: Vec<usize> = (0..4)
            .map(|i| u16::from_le_bytes([bytes[4 + 2 * i], bytes[5 + 2 * i]]) as usize)
            .collect();
        if shape != [FEATURES, DIM, HIDDEN, FACTS] {
            return Err(format!(
                "shape {shape:?}, this build reads {FEATURES}/{DIM}/{HIDDEN}/{FACTS}"
            ));
        }
        if bytes.len() != HEADER + 4 * NUMBERS {
            return Err(format!(
                "the weights file has {} bytes, not {}",
                bytes.len(),
                HEADER + 4 * NUMBERS
            ));
        }
        let nums: Vec<f32> = bytes[HEADER..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let float = FloatNet::from_numbers(&nums).ok_or("the weights file is cut short")?;
        Ok(Net::new(float))
    }
}

/// The built-in net of `rule`: renju's own; freestyle's for the other rules. Read at first use
/// (well under a millisecond).
pub fn net(rule: Rule) -> &'static Net {
    static FREE: OnceLock<Net> = OnceLock::new();
    static RENJU: OnceLock<Net> = OnceLock::new();
    let (cell, bytes): (_, &[u8]) = if rule == Rule::Renju {
        (&RENJU, include_bytes!("weights/renju.kgn"))
    } else {
        (&FREE, include_bytes!("weights/freestyle.kgn"))
    };
    cell.get_or_init(|| Net::decode(bytes).expect("built-in weights"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::network::tests::random_net;

    #[test]
    fn weights_read_back_as_written_and_damage_is_refused() {
        let n = Net::new(random_net(1));
        let bytes = n.encode();
        assert_eq!(bytes.len(), HEADER + 4 * NUMBERS);
        assert_eq!(Net::decode(&bytes).unwrap(), n);
        assert!(Net::decode(&bytes[..bytes.len() - 4]).is_err());
        assert!(Net::decode(&bytes[..bytes.len() - 1]).is_err());
        let mut more = bytes.clone();
        more.extend([0; 8]);
        assert!(Net::decode(&more).is_err());
        assert!(Net::decode(b"KGN1").is_err());
        for rule in Rule::ALL {
            let n = net(rule);
            assert_eq!(&Net::decode(&n.encode()).unwrap(), n);
        }
    }
}
