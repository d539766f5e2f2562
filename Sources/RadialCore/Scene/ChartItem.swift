/// The card around a chart and how the chart sits in it.
struct CardStyle: Sendable {
    var padding: Double
    var cornerRadius: Double
    static let radar = CardStyle(padding: 20, cornerRadius: 24)   // the radar seed
    static let pie = CardStyle(padding: 12, cornerRadius: 16)     // the pie seed
}

/// One chart on a page: its layout, its animation, its drawing and its elements, each a
/// protocol of its own that the chart's `+Layout`, `+Drawing` and `+Elements` files implement.
///
/// A frame is made in two steps: `update` advances what depends on time (springs, meshes,
/// annotation placement), then `draw` only emits into the frame, phase by phase.
typealias ChartItem = ChartLayout & ChartAnimation & ChartDrawing & ChartElements

/// How a chart sits in its card for a size: what the page's grid asks before it places cards.
///
/// Text is measured through the chart's shaper, which sets every style at the page's text size:
/// a measurement kept past `layout` must be remade when `measurer.textSize` changes.
protocol ChartLayout: AnyObject {
    var card: CardStyle { get }
    /// Height of everything in the card but the square chart area, for a given content width.
    func chromeHeight(width: Double) -> Double
    /// The narrowest the content can be (title, legend) besides the chart square.
    func minimumContentWidth() -> Double
    /// The biggest chart square `content` can hold with everything else the card shows.
    func largestChartSide(in content: Size) -> Double
    /// The height the card's content takes with a chart of side `chartSide` in `content`
    /// (`content` bounds it; the card may then be shorter).
    func contentHeight(chartSide: Double, in content: Size) -> Double
    /// Below this side the chart is unreadable: the page asks for a larger window instead.
    var minimumChartSide: Double { get }
    /// How wide a card holding only this chart wants its content, for a chart square of `chartSide`
    /// (`content` bounds it): room for labels or a legend beside the square.
    func contentWidth(chartSide: Double, in content: Size) -> Double
    /// After `layout`: the bottom of the card's header (its title and subtitle), if it has one.
    var headerBottom: Double? { get }
    /// After `layout`: whether everything the chart shows found its place (false: the page asks
    /// for a larger window).
    var isReadable: Bool { get }
    /// Whether the card hugs its content (radar, scan) or fills the space it is given (pie).
    var fillsCard: Bool { get }
    /// Lays the chart out in `content` (the card's inside, in points).
    func layout(content: Rect, chartSide: Double)
    /// Lays the chart out for a thumbnail (`layout`'s room, enlarged): the page draws its marks
    /// and none of its words, so a kind whose words cost a search (a radar's 512 axis names, a
    /// rose's rim) leaves them out, with their room kept as it is.
    func layoutMarks(content: Rect, chartSide: Double)
    /// The window's control on the card (the radar's Replay), once laid out.
    var replayButton: Rect? { get }
    /// A page title the card shows itself (the single-chart look of the e-bike seed).
    var embeddedTitle: (String, String?)? { get set }
    /// After `update`: how many of the chart's labels are left out for want of room (a pie's unlabeled slices).
    var labelsHidden: Int { get }
    /// After `layout`: the extent of the chart's marks (its rim, ring or square, without the words
    /// around it), which a thumbnail fits to its card; nil when the kind does not say.
    var marksFrame: Rect? { get }
    /// After `layout`: how many of the legend's entries it leaves out for want of room (a
    /// condensed legend's "+ N more"; every entry when the legend went).
    var legendHidden: Int { get }
    /// Small multiples (`"uniform"`, #32): the page gives every plot one size, and the plot sits
    /// at the top of the room under the header rather than in its middle, so the plots of a row
    /// line up whatever each card's legend takes under them.
    var sharesPlotSize: Bool { get set }
}

extension ChartLayout {
    /// By default everything but the chart square stacks above and below it.
    func largestChartSide(in content: Size) -> Double {
        max(min(content.width, content.height - chromeHeight(width: content.width)), 0)
    }
    func contentHeight(chartSide: Double, in content: Size) -> Double { chartSide + chromeHeight(width: content.width) }
    var minimumChartSide: Double { 64 }
    func contentWidth(chartSide: Double, in content: Size) -> Double { max(chartSide, minimumContentWidth()) }
    var isReadable: Bool { true }
    var headerBottom: Double? { nil }
    var labelsHidden: Int { 0 }
    var marksFrame: Rect? { nil }
    var legendHidden: Int { 0 }
    func layoutMarks(content: Rect, chartSide: Double) { layout(content: content, chartSide: chartSide) }
}

/// A chart's clock: when it appears, how it continues a reload, when it rests.
protocol ChartAnimation: AnyObject {
    /// Sets the chart's arrival times on the page clock: pies take their sectors' turns after
    /// `clock` and advance it; other charts appear at once.
    func scheduleArrivals(clock: inout Double)
    /// Continues from `old` at page time `time` (a live reload): charts of the same kind morph
    /// from what was on screen; otherwise (or with no `old`) the chart appears from `time`.
    func continueFrom(_ old: ChartItem?, at time: Double)
    /// Brings time-dependent state to `moment`, before any phase is drawn.
    func update(moment: Moment)
    /// When the chart has come to rest (infinite for charts that never do).
    func settleTime(reduceMotion: Bool) -> Double
    /// The chart takes over from another kind at `time`, its marks morphing in from the old
    /// ones: what it would have animated in by itself (a pie's sectors arriving one by one) is
    /// there at once.
    func beginsMorph(at time: Double)
}

extension ChartAnimation {
    func beginsMorph(at time: Double) {}
}

/// What a chart puts into a frame.
protocol ChartDrawing: AnyObject {
    /// Draws the chart's part of `ctx.phase` (and, in recording frames, its groups and its
    /// geometry record). No state changes.
    func draw(_ ctx: DrawContext)
}

/// What can be pointed at, focused, read and acted on in a chart.
protocol ChartElements: AnyObject {
    /// The chart's own element name and its value (the `describe` text of the chart).
    func chartName(formatting: Formatting) -> String
    func chartValue(formatting: Formatting) -> String
    /// Its elements in reading order (not the chart itself), boxes in window points at `moment`.
    func elements(chart: Int, moment: Moment, formatting: Formatting) -> [ChartElement]
    /// The element under `p` (points), if any.
    func element(at p: Vec2, moment: Moment) -> ElementKey?
    /// Where the focus ring goes, when not around the element's whole box (a radar axis: its label).
    func focusRing(for key: ElementKey) -> Rect?
    /// The card shown when an element is hovered or focused.
    func tooltip(for key: ElementKey, moment: Moment, theme: Theme, formatting: Formatting) -> Tooltip?
    /// The element hovered or focused, drawn emphasized (nil: none).
    var highlight: ElementKey? { get set }
    /// Does what a click (or Enter) on the element does; false if it does nothing.
    func perform(_ action: ChartElement.Action, on key: ElementKey, at moment: Moment) -> Bool
    /// What Enter or a click on `key` does when the kind decides it (nil: the page's rule).
    func defaultAction(for key: ElementKey) -> [ChartElement.Action]?
    /// Where a focus inside the chart goes after it went up or down a level (a sunburst: the
    /// node it came up from, the first node under the one opened).
    var focusAfterMove: ElementKey? { get }
}

extension ChartElements {
    func defaultAction(for key: ElementKey) -> [ChartElement.Action]? { nil }
    var focusAfterMove: ElementKey? { nil }
}
