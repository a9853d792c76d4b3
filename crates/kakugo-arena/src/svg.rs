//! Pictures: an SVG of a game's final position with the move numbers on the stones, the last
//! move marked, and column letters / row numbers as pos notation counts them (row 1 at the top).

use kakugo::board::{Dims, Pos};
use std::fmt::Write;

const CELL: usize = 30;
const MARGIN: usize = 30;

/// Renders the stones in order (Black first) on a board of `dims`, each numbered from 1, the
/// last number in red, with `title` under the board.
pub fn render(dims: Dims, moves: &[Pos], title: &str) -> String {
    let (w, h) = (dims.w, dims.h);
    let width = 2 * MARGIN + (w - 1) * CELL;
    let height = 2 * MARGIN + (h - 1) * CELL + 20;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#e3b96a"/>"##);
    let at = |i: usize| MARGIN + i * CELL;
    for x in 0..w {
        let _ = writeln!(
            s,
            r#"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="black" stroke-width="1"/>"#,
            at(x),
            at(0),
            at(h - 1)
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="11" text-anchor="middle">{}</text>"#,
            at(x),
            MARGIN - 14,
            (b'a' + x as u8) as char
        );
    }
    for y in 0..h {
        let _ = writeln!(
            s,
            r#"<line x1="{1}" y1="{0}" x2="{2}" y2="{0}" stroke="black" stroke-width="1"/>"#,
            at(y),
            at(0),
            at(w - 1)
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="11" text-anchor="end">{}</text>"#,
            MARGIN - 12,
            at(y) + 4,
            y + 1
        );
    }
    let r = CELL / 2 - 1;
    for (i, p) in moves.iter().enumerate() {
        let (fill, ink) = if i % 2 == 0 {
            ("black", "white")
        } else {
            ("white", "black")
        };
        let last = i + 1 == moves.len();
        let ink = if last { "red" } else { ink };
        let (cx, cy) = (at(p.x()), at(p.y()));
        let _ = writeln!(
            s,
            r#"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="black" stroke-width="1"/>"#
        );
        let size = if i + 1 >= 100 { 10 } else { 12 };
        let _ = writeln!(
            s,
            r#"<text x="{cx}" y="{}" font-size="{size}" text-anchor="middle" fill="{ink}">{}</text>"#,
            cy + 4,
            i + 1
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{MARGIN}" y="{}" font-size="12">{}</text>"#,
        height - 8,
        xml_escape(title)
    );
    s.push_str("</svg>\n");
    s
}

fn xml_escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_and_numbers_are_drawn() {
        let d = Dims::square(15).unwrap();
        let s = render(d, &[Pos::new(7, 7), Pos::new(8, 7)], "A <vs> B");
        assert!(s.starts_with("<svg"));
        assert!(s.trim_end().ends_with("</svg>"));
        assert_eq!(s.matches("<circle").count(), 2);
        assert_eq!(s.matches("<line").count(), 30);
        assert!(
            s.contains(r#"cx="240" cy="240" r="14" fill="black""#),
            "{s}"
        );
        assert!(s.contains(r#"fill="red">2</text>"#));
        assert!(s.contains("A &lt;vs&gt; B"));
    }
}
