//! A raster: rows of cells of colour (the straggler raster's trials ×
//! servers), drawn as one image of its pixels where the backend paints an
//! image at once, else as a rectangle per run of cells.
//!
//! Why an image: at N = 8192 the straggler raster is about 100 000 cells a
//! pixel or two wide; a canvas records and paints each as a shape (the
//! longest task of a round, then 70 parts of painting). As an image it is
//! one `blit_bitmap` call. Only where [`Theme::images`](crate::Theme) says
//! so: plotters' default `blit_bitmap` (SVG's included) draws a pixel at a
//! time.
//!
//! Both ways cover the same pixels: a cell is a half-open range of pixel
//! rows and columns, as a filled `Rectangle` from pixel `a` to `b` covers
//! `[min x, max x) × [min y, max y)`.

use plotters::element::{Drawable, PointCollection};
use plotters::prelude::{Color, DrawingBackend, RGBColor};
use plotters_backend::{BackendCoord, DrawingErrorKind};
use std::ops::Range;

/// An opaque RGB image at a backend position.
#[derive(Clone, Debug, PartialEq)]
pub struct Bitmap {
    pub at: BackendCoord,
    pub size: (u32, u32),
    /// Rows top first, 3 bytes a pixel.
    pub rgb: Vec<u8>,
}

/// Pixel rows `rows` (a half-open range of backend pixels): the background
/// with `spans` on it, half-open ranges of pixel columns and their colours
/// (later ones over earlier ones).
#[derive(Clone, Debug, PartialEq)]
pub struct Band {
    pub rows: Range<i32>,
    pub spans: Vec<(Range<i32>, RGBColor)>,
}

impl Band {
    /// The pixel rows and columns a filled `Rectangle` from backend pixel
    /// `a` to `b` (any two opposite corners) covers.
    pub fn span(a: BackendCoord, b: BackendCoord) -> (Range<i32>, Range<i32>) {
        (a.1.min(b.1)..a.1.max(b.1), a.0.min(b.0)..a.0.max(b.0))
    }
}

impl Bitmap {
    /// The bands on `background` (where two bands' rows meet, the later
    /// band's rows replace the earlier's): an image of the box around
    /// their spans. None when they cover no pixel.
    ///
    /// Why bands rather than any rectangles: a raster's row of cells is
    /// one band, painted once and copied to each of its pixel rows (the
    /// straggler raster's rows are 4–6 pixels high at N = 8192).
    pub fn of_bands(bands: &[Band], background: RGBColor) -> Option<Bitmap> {
        let covered = |b: &&Band| !b.rows.is_empty() && b.spans.iter().any(|s| !s.0.is_empty());
        let bands: Vec<&Band> = bands.iter().filter(covered).collect();
        let spans = || {
            bands
                .iter()
                .flat_map(|b| &b.spans)
                .filter(|s| !s.0.is_empty())
        };
        let x0 = spans().map(|s| s.0.start).min()?;
        let x1 = spans().map(|s| s.0.end).max()?;
        let y0 = bands.iter().map(|b| b.rows.start).min()?;
        let y1 = bands.iter().map(|b| b.rows.end).max()?;
        let (w, h) = ((x1 - x0) as usize, (y1 - y0) as usize);
        let blank = [background.0, background.1, background.2].repeat(w);
        let mut rgb = blank.repeat(h);
        for band in bands {
            // One pixel row, painted, then copied to each of its rows.
            let mut row = blank.clone();
            for (cols, c) in &band.spans {
                let (from, to) = ((cols.start - x0) as usize, (cols.end - x0) as usize);
                for px in row[from * 3..to * 3].chunks_exact_mut(3) {
                    px.copy_from_slice(&[c.0, c.1, c.2]);
                }
            }
            for y in band.rows.clone() {
                let at = (y - y0) as usize * w * 3;
                rgb[at..at + w * 3].copy_from_slice(&row);
            }
        }
        Some(Bitmap {
            at: (x0, y0),
            size: (w as u32, h as u32),
            rgb,
        })
    }
}

/// Bands of cells on a background, in backend pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Raster {
    pub bands: Vec<Band>,
    pub background: RGBColor,
    /// Drawn as one image (else a rectangle per span).
    pub as_image: bool,
}

/// Placed in backend pixels: no point of a coordinate system to map.
impl<'a, C: 'a> PointCollection<'a, C> for &'a Raster {
    type Point = &'a C;
    type IntoIter = std::iter::Empty<&'a C>;
    fn point_iter(self) -> Self::IntoIter {
        std::iter::empty()
    }
}

impl<DB: DrawingBackend> Drawable<DB> for Raster {
    fn draw<I: Iterator<Item = BackendCoord>>(
        &self,
        _: I,
        backend: &mut DB,
        _: (u32, u32),
    ) -> Result<(), DrawingErrorKind<DB::ErrorType>> {
        if self.as_image {
            if let Some(image) = Bitmap::of_bands(&self.bands, self.background) {
                backend.blit_bitmap(image.at, image.size, &image.rgb)?;
            }
            return Ok(());
        }
        for band in &self.bands {
            for (cols, c) in &band.spans {
                let (a, b) = ((cols.start, band.rows.start), (cols.end, band.rows.end));
                backend.draw_rect(a, b, &c.filled(), true)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BG: RGBColor = RGBColor(255, 255, 255);
    const A: RGBColor = RGBColor(10, 20, 30);
    const B: RGBColor = RGBColor(200, 100, 0);

    fn pixel(b: &Bitmap, x: i32, y: i32) -> [u8; 3] {
        let i = ((y - b.at.1) as usize * b.size.0 as usize + (x - b.at.0) as usize) * 3;
        [b.rgb[i], b.rgb[i + 1], b.rgb[i + 2]]
    }

    fn band(rows: Range<i32>, spans: &[(Range<i32>, RGBColor)]) -> Band {
        Band {
            rows,
            spans: spans.to_vec(),
        }
    }

    #[test]
    fn spans_cover_what_a_filled_rectangle_covers() {
        // A rectangle's corners in any order; the far edges are not covered.
        let (rows, cols) = Band::span((5, 12), (2, 10));
        assert_eq!((rows.clone(), cols.clone()), (10..12, 2..5));
        let b =
            Bitmap::of_bands(&[band(rows, &[(cols, A)]), band(12..13, &[(6..8, B)])], BG).unwrap();
        assert_eq!((b.at, b.size), ((2, 10), (6, 3)));
        assert_eq!(b.rgb.len(), 6 * 3 * 3);
        for y in 10..13 {
            for x in 2..8 {
                let want = match (x, y) {
                    (2..=4, 10 | 11) => A,
                    (6 | 7, 12) => B,
                    _ => BG,
                };
                assert_eq!(pixel(&b, x, y), [want.0, want.1, want.2], "({x}, {y})");
            }
        }
    }

    #[test]
    fn later_spans_are_over_earlier_ones_and_later_bands_replace_rows() {
        let b = Bitmap::of_bands(
            &[
                band(0..4, &[(0..4, A)]),
                band(1..3, &[(1..3, B), (2..3, A)]),
            ],
            BG,
        )
        .unwrap();
        assert_eq!(pixel(&b, 1, 1), [B.0, B.1, B.2]);
        assert_eq!(pixel(&b, 2, 2), [A.0, A.1, A.2]);
        // Rows 1 and 2 are the later band's: background beside its spans.
        assert_eq!(pixel(&b, 0, 1), [BG.0, BG.1, BG.2]);
        assert_eq!(pixel(&b, 3, 2), [BG.0, BG.1, BG.2]);
        assert_eq!(pixel(&b, 1, 3), [A.0, A.1, A.2]);
        assert_eq!(pixel(&b, 0, 0), [A.0, A.1, A.2]);
    }

    #[test]
    fn nothing_to_cover_is_no_image() {
        assert_eq!(Bitmap::of_bands(&[], BG), None);
        assert_eq!(Bitmap::of_bands(&[band(3..9, &[(3..3, A)])], BG), None);
        assert_eq!(Bitmap::of_bands(&[band(3..3, &[(0..9, A)])], BG), None);
    }
}
