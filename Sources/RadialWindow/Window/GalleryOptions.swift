import RadialRender
import RadialGL
import RadialText
import RadialCore

/// Options of the window commands.
public struct GalleryOptions: Sendable {
    /// `--theme` (nil: the page's, else the desktop's high contrast, else light).
    public var theme: Theme?
    /// nil: the page's, else the desktop's text scaling, else `large`.
    public var textSize: TextSize?
    /// `--palette`: the categorical palette for every page (nil: as each page says).
    public var palette: CategoricalPalette?
    /// `--reduce-motion` (nil: RADIAL_REDUCE_MOTION, else the desktop's enable-animations setting).
    public var reduceMotion: Bool?
    /// `--patterns`: pattern fills and dashes on every page (nil: as each page and the theme say; P toggles).
    public var patterns: Bool?
    /// nil: 760×900 points, shrunk to fit the monitor's work area.
    public var size: Size?
    /// `--locale`: how numbers and currencies are written (nil: LC_ALL, LC_MONETARY, LANG).
    public var locale: String?
    /// `--legend`: every radar's and pie's legend there (nil: as each page says).
    public var legend: LegendPosition?
    /// Options that leave every choice to the pages and the desktop.
    public init() {}
}

