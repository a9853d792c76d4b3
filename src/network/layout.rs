//! Where every number of a net sits in its flat form: the order of the weights file, and of
//! the trainer's parameters, gradients and Adam's moments. The offsets below are the one
//! description of it; [`FloatNet::numbers`] and [`FloatNet::from_numbers`] go through
//! `parts`, which pairs each part of a [`FloatNet`] with its offset, and [`mirror_index`]
//! (each number's colour-swapped twin) and the trainer read the same offsets.
//!
//! The flat form: the cell table row by row ([`TABLE`]), the cells' bias ([`BIAS`]), then the
//! two heads, Black to move's first ([`head`]), each its hidden weights row by row ([`W1`]),
//! hidden biases ([`B1`]), output weights ([`W2`]), output bias ([`B2`]) and classical weight
//! ([`WC`]).

use super::{FloatNet, Head, CODE_COUNT, DIM, FEATURES, HIDDEN, INPUTS};

/// Where the cell table starts: [`FEATURES`] rows of [`DIM`].
pub const TABLE: usize = 0;
/// Where the cells' bias starts: [`DIM`] numbers.
pub const BIAS: usize = TABLE + FEATURES * DIM;
/// Where the heads start, [`HEAD_LEN`] numbers each.
pub const HEADS: usize = BIAS + DIM;
/// Within a head: the hidden weights, [`HIDDEN`] rows of [`INPUTS`].
pub const W1: usize = 0;
/// Within a head: the hidden biases.
pub const B1: usize = W1 + HIDDEN * INPUTS;
/// Within a head: the output weights.
pub const W2: usize = B1 + HIDDEN;
/// Within a head: the output bias.
pub const B2: usize = W2 + HIDDEN;
/// Within a head: the classical evaluation's weight.
pub const WC: usize = B2 + 1;
/// Numbers of a head.
pub const HEAD_LEN: usize = WC + 1;
/// Numbers of a net.
pub const NUMBERS: usize = HEADS + 2 * HEAD_LEN;

/// Where the head of side to move `side` (0 Black, 1 White) starts.
pub const fn head(side: usize) -> usize {
    HEADS + side * HEAD_LEN
}

/// Every part of `net` with the offset of its first number.
fn parts(net: &mut FloatNet) -> Vec<(usize, &mut [f32])> {
    let mut out: Vec<(usize, &mut [f32])> = Vec::new();
    for (r, row) in net.table.iter_mut().enumerate() {
        out.push((TABLE + r * DIM, row));
    }
    out.push((BIAS, &mut net.bias));
    for (side, h) in net.heads.iter_mut().enumerate() {
        let at = head(side);
        let Head { w1, b1, w2, b2, wc } = h;
        for (j, row) in w1.iter_mut().enumerate() {
            out.push((at + W1 + j * INPUTS, row));
        }
        out.push((at + B1, b1));
        out.push((at + W2, w2));
        out.push((at + B2, std::slice::from_mut(b2)));
        out.push((at + WC, std::slice::from_mut(wc)));
    }
    out
}

impl FloatNet {
    /// All the numbers, in the flat form.
    pub fn numbers(&self) -> Vec<f32> {
        let mut v = vec![0.0; NUMBERS];
        for (at, part) in parts(&mut self.clone()) {
            v[at..at + part.len()].copy_from_slice(part);
        }
        v
    }

    /// The net of a flat form (`None` unless there are [`NUMBERS`]).
    pub fn from_numbers(v: &[f32]) -> Option<FloatNet> {
        if v.len() != NUMBERS {
            return None;
        }
        let mut net = FloatNet::new(|| 0.0);
        for (at, part) in parts(&mut net) {
            part.copy_from_slice(&v[at..at + part.len()]);
        }
        Some(net)
    }
}

/// Where number `i` of a net's flat form goes when the colours are exchanged (an involution):
/// a table row of Black's codes to the same code's row of White's and the unit to its twin in
/// the other half, a unit's bias to its twin's, a head's numbers to the other head's (a hidden
/// weight of the board's vector to the twin unit's). A mirrored net has the same number at `i`
/// and at `mirror_index(i)`.
pub fn mirror_index(i: usize) -> usize {
    let twin = |u: usize| (u + DIM / 2) % DIM;
    if i < BIAS {
        let (row, u) = ((i - TABLE) / DIM, (i - TABLE) % DIM);
        let row = (row + CODE_COUNT) % FEATURES;
        return TABLE + row * DIM + twin(u);
    }
    if i < HEADS {
        return BIAS + twin(i - BIAS);
    }
    let (side, k) = ((i - HEADS) / HEAD_LEN, (i - HEADS) % HEAD_LEN);
    let other = head(1 - side);
    if k < B1 {
        let (j, input) = ((k - W1) / INPUTS, (k - W1) % INPUTS);
        let input = if input < DIM { twin(input) } else { input };
        other + W1 + j * INPUTS + input
    } else {
        other + k
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::test_position as position;
    use crate::board::Board;
    use crate::network::tests::random_net;
    use crate::network::Inputs;
    use crate::rules::{Color, Rule};

    #[test]
    fn the_parts_fill_the_flat_form_once_each() {
        let mut net = random_net(2);
        let mut covered = vec![0; NUMBERS];
        for (at, part) in parts(&mut net) {
            covered[at..at + part.len()]
                .iter_mut()
                .for_each(|c| *c += 1);
        }
        assert!(covered.iter().all(|&c| c == 1));
        let v = net.numbers();
        assert_eq!(FloatNet::from_numbers(&v).unwrap(), net);
        assert_eq!(v[head(1) + WC], net.heads[1].wc);
        assert_eq!(v[head(0) + W1 + INPUTS + 3], net.heads[0].w1[1][3]);
        assert_eq!(v[TABLE + 5 * DIM + 2], net.table[5][2]);
        assert!(FloatNet::from_numbers(&v[1..]).is_none());
    }

    /// `net` made mirrored: every number paired with its [`mirror_index`] twin takes the
    /// first's value.
    fn mirrored(net: &FloatNet) -> FloatNet {
        let v = net.numbers();
        let m: Vec<f32> = (0..v.len()).map(|i| v[i.min(mirror_index(i))]).collect();
        FloatNet::from_numbers(&m).unwrap()
    }

    #[test]
    fn a_mirrored_net_values_a_position_as_its_colour_swapped_twin() {
        for i in [0, 5, FEATURES * DIM + 3, NUMBERS - 1, NUMBERS - 200] {
            assert_eq!(mirror_index(mirror_index(i)), i);
        }
        assert!((0..NUMBERS).all(|i| mirror_index(i) < NUMBERS));
        let net = mirrored(&random_net(4));
        let q = net.quantise();
        // Black h8 i8 j8 against White h9 g10, White to move; the twin has White's stones
        // where Black's were and White to move (Black passes first).
        let b = position(Rule::Freestyle, "h8h9i8g10j8");
        let mut twin = Board::new(Rule::Freestyle, b.dims());
        twin.pass();
        for p in b.history() {
            twin.make(*p);
        }
        assert_eq!(
            (b.side_to_move(), twin.side_to_move()),
            (Color::White, Color::Black)
        );
        let (x, y) = (Inputs::of(&b, 0b11, 40), Inputs::of(&twin, 0b11, 40));
        assert!((net.value(&x) - net.value(&y)).abs() < 1e-2);
        assert_ne!(q.pool_of(&b), q.pool_of(&twin));
        assert_eq!(
            q.value(&q.pool_of(&b), x.own, 0b11, 40),
            q.value(&q.pool_of(&twin), y.own, 0b11, 40)
        );
        // An unmirrored net tells them apart.
        let raw = random_net(4);
        assert!((raw.value(&x) - raw.value(&y)).abs() > 1.0);
    }
}
