import RadialRender
import RadialGL
import RadialText
import RadialCore

/// Options of the window commands.
package struct GalleryOptions: Sendable {
    /// `--theme` (nil: the page's, else the desktop's high contrast, else light).
    package var theme: Theme?
    /// nil: the page's, else the desktop's text scaling, else `large`.
    package var textSize: TextSize?
    /// `--palette`: the categorical palette for every page (nil: as each page says).
    package var palette: CategoricalPalette?
    /// `--reduce-motion` (nil: RADIAL_REDUCE_MOTION, else the desktop's enable-animations setting).
    package var reduceMotion: Bool?
    /// `--patterns`: pattern fills and dashes on every page (nil: as each page and the theme say; P toggles).
    package var patterns: Bool?
    /// nil: 760×900 points, shrunk to fit the monitor's work area.
    package var size: Size?
    /// `--locale`: how numbers and currencies are written (nil: LC_ALL, LC_MONETARY, LANG).
    package var locale: String?
    /// `--legend`: every radar's and pie's legend there (nil: as each page says).
    package var legend: LegendPosition?
    /// Every number in compact notation (`--format compact`).
    package var compactNumbers = false
    /// `--as KIND`: every chart drawn as that kind where its data fits.
    package var asType: String?
    /// Seconds each state of a page with states is held (`--frame-time`); nil: 1.5.
    package var frameTime: Double?
    /// Options that leave every choice to the pages and the desktop.
    package init() {}
}

