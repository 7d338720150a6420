//! A test-only plotters backend that records what was drawn, so draw functions
//! can be checked natively without a browser or an image library.

use std::cell::RefCell;
use std::rc::Rc;

use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};

#[derive(Default, Debug)]
pub struct Log {
    pub texts: Vec<String>,
    pub longest_path: usize,
    pub lines: usize,
    pub colors: Vec<(u8, u8, u8)>,
}

pub struct RecordingBackend {
    size: (u32, u32),
    log: Rc<RefCell<Log>>,
}

impl RecordingBackend {
    pub fn new(w: u32, h: u32) -> Self {
        RecordingBackend {
            size: (w, h),
            log: Rc::default(),
        }
    }

    pub fn log(&self) -> Rc<RefCell<Log>> {
        self.log.clone()
    }

    fn color(&self, c: BackendColor) {
        let mut log = self.log.borrow_mut();
        if !log.colors.contains(&c.rgb) {
            log.colors.push(c.rgb);
        }
    }
}

impl DrawingBackend for RecordingBackend {
    type ErrorType = std::io::Error;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        Ok(())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        Ok(())
    }

    fn draw_pixel(
        &mut self,
        _point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.color(color);
        Ok(())
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        _from: BackendCoord,
        _to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.color(style.color());
        self.log.borrow_mut().lines += 1;
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        _upper_left: BackendCoord,
        _bottom_right: BackendCoord,
        style: &S,
        _fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.color(style.color());
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.color(style.color());
        let n = path.into_iter().count();
        let mut log = self.log.borrow_mut();
        log.longest_path = log.longest_path.max(n);
        Ok(())
    }

    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        _pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.color(style.color());
        self.log.borrow_mut().texts.push(text.to_string());
        Ok(())
    }
}
