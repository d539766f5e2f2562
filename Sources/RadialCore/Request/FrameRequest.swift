/// What picture of a page to make: its size, how many pixels a point is, the moment, the theme,
/// reduce motion, the text size and the background. Everything has a default but the size.
///
/// ```swift
/// var request = FrameRequest(size: Size(800, 600))
/// request.scale = 2
/// request.theme = .dark
/// ```
package struct FrameRequest: Hashable, Sendable {
    /// The canvas in points.
    package var size: Size
    /// Pixels per point: 2 for HiDPI screens and slides.
    package var scale: Double
    /// Seconds on the page's clock (0: the first frame, as charts are about to appear).
    package var time: Double
    /// The appearance to draw in (default light).
    package var theme: Theme
    /// Final states from the first frame, no sweep.
    package var reduceMotion: Bool
    /// The Dynamic Type size text is set at (default `large`).
    package var textSize: TextSize
    /// The page's color behind the cards, or transparency (with or without the cards).
    package var background: PageBackground
    /// Pattern fills on every filled mark and dashes on lines (`--patterns`, the window's P
    /// key); nil: as the page says (`"patterns": true`), and on in high contrast.
    package var patterns: Bool?

    /// A request for a picture of `size` points; by default the first frame, one pixel a point, light, opaque, at the default text size.
    package init(size: Size, scale: Double = 1, time: Double = 0, theme: Theme = .light, reduceMotion: Bool = false,
                textSize: TextSize = .large, background: PageBackground = .opaque) {
        self.size = size; self.scale = scale; self.time = time; self.theme = theme
        self.reduceMotion = reduceMotion; self.textSize = textSize; self.background = background
    }

    /// Whether `page`'s marks are drawn with their patterns: the request's choice, else on in
    /// high contrast or where the page asks for them.
    public func patterns(for page: Page) -> Bool {
        patterns ?? (theme == .highContrast || page.patterns == true)
    }

    /// Whether the picture is the page at rest rather than one frame (`render` without `--at`;
    /// see `Moment.still`): set where the time is the scene's `restingTime` by default.
    package var still = false

    /// The moment the request shows.
    package var moment: Moment {
        get { Moment(time: time, reduceMotion: reduceMotion, still: still) }
        set { time = newValue.time; reduceMotion = newValue.reduceMotion; still = newValue.still }
    }

    /// The picture's size in whole pixels.
    package var pixelWidth: Int { Int(checked: size.width * scale, rounding: .toNearestOrAwayFromZero) }
    /// The picture's height in whole pixels.
    package var pixelHeight: Int { Int(checked: size.height * scale, rounding: .toNearestOrAwayFromZero) }
}
