import RadialRender
import RadialGL
import RadialText
import RadialCore

/// Options of the window commands.
public struct GalleryOptions: Sendable {
    public var theme: Theme?
    /// nil: the page's, else the desktop's text scaling, else `large`.
    public var textSize: TextSize?
    public var palette: CategoricalPalette?
    public var reduceMotion: Bool?
    /// nil: 760×900 points, shrunk to fit the monitor's work area.
    public var size: Size?
    public var locale: String?
    /// `--legend`: every radar's and pie's legend there (nil: as each page says).
    public var legend: LegendPosition?
    public init() {}
}

