import Foundation

/// The radar card's layout: header, chart square, legend (under the chart, or beside it in a
/// wide grid card), Replay, and the axis labels fitted around the chart.
extension RadarItem {
    private var header: CardHeader { CardHeader(title: chart.title ?? embeddedTitle?.0, subtitle: chart.subtitle ?? embeddedTitle?.1) }
    private func headerHeight() -> Double { header.height(measurer) }
    var legendHeight: Double { max(Self.legendDot, measurer.lineHeight(Self.legendStyle)) }
    var buttonLabel: String { compact ? Self.replayIcon : Self.replayLabel }
    private var buttonSize: Size {
        let h = measurer.lineHeight(Self.buttonStyle) + 2 * Self.buttonPadding.v
        if compact { return Size(max(measurer.width(buttonLabel, Self.buttonStyle) + 2 * Self.buttonPadding.v, h), h) }
        return Size(measurer.width(buttonLabel, Self.buttonStyle) + 2 * Self.buttonPadding.h, h)
    }
    private func legendItemWidth(_ i: Int) -> Double { Self.legendDot + 6 + measurer.width(chart.series[i].name, Self.legendStyle) }
    private var legendWidth: Double {
        let items = chart.series.indices.map(legendItemWidth)
        return items.reduce(0, +) + Double(max(items.count - 1, 0)) * Self.legendSpacing
    }
    /// The legend as a column beside the chart.
    private var legendColumn: Size {
        let n = Double(chart.series.count)
        return Size(chart.series.indices.map(legendItemWidth).max() ?? 0, n * legendHeight + max(n - 1, 0) * Self.legendRowSpacing)
    }
    static let legendRowSpacing = 8.0
    static let sideLegendGap = 16.0

    /// The header and the space under it; a compact card without a header keeps a row for its
    /// corner button.
    private var headerBlock: Double {
        let header = headerHeight()
        if header > 0 { return header + Self.stackSpacing }
        return compact && controls ? buttonSize.height + 4 : 0
    }

    /// The legend below the chart (the seed's stack): everything but the chart square.
    func chromeHeight(width: Double) -> Double {
        headerBlock + Self.stackSpacing + legendHeight + (controls && !compact ? Self.stackSpacing + buttonSize.height : 0)
    }

    /// The chart side with the legend beside the chart, when the card is compact.
    private func sideLegendChartSide(in content: Size) -> Double? {
        guard compact, !chart.series.isEmpty else { return nil }
        let col = legendColumn
        let side = min(content.width - Self.sideLegendGap - col.width, content.height - headerBlock)
        return side >= col.height ? side : nil
    }

    func largestChartSide(in content: Size) -> Double {
        max(content.width > 0 ? min(content.width, content.height - chromeHeight(width: content.width)) : 0,
            sideLegendChartSide(in: content) ?? 0, 0)
    }

    /// With the legend beside the chart when `layout` would put it there.
    func contentHeight(chartSide: Double, in content: Size) -> Double {
        usesSideLegend(chartSide: chartSide, in: content) ? headerBlock + chartSide : chartSide + chromeHeight(width: content.width)
    }

    /// The legend goes beside the chart only when below it would not leave the chart this side.
    private func usesSideLegend(chartSide: Double, in content: Size) -> Bool {
        guard let s = sideLegendChartSide(in: content) else { return false }
        return s + 0.5 >= chartSide && content.height + 0.5 < chartSide + chromeHeight(width: content.width)
    }

    func minimumContentWidth() -> Double {
        max(legendWidth, controls && !compact ? buttonSize.width : 0, header.width(measurer))
    }

    /// Axis labels need their room around even the smallest useful radar.
    var minimumChartSide: Double { 2 * RadarMath.labelRoom + 48 }

    func layout(content: Rect, chartSide: Double) {
        let b = buttonSize
        let corner = compact && controls
        replayButton = corner ? Rect(x: content.maxX - b.width, y: content.minY, width: b.width, height: b.height) : nil
        // The stack sits in the middle of a card taller than it needs (a grid row's height).
        let stack = contentHeight(chartSide: chartSide, in: content.size)
        var y = content.minY + max((content.height - stack) / 2, 0)
        headerTop = y
        headerCenterX = content.midX
        shownHeader = self.header.fitted(width: corner ? content.width - 2 * (b.width + 6) : content.width, measurer)
        y += headerBlock
        sideLegend = usesSideLegend(chartSide: chartSide, in: content.size)
        if sideLegend {
            let col = legendColumn
            let x0 = content.midX - (chartSide + Self.sideLegendGap + col.width) / 2
            square = Rect(x: x0, y: y, width: chartSide, height: chartSide)
            var ly = square.midY - col.height / 2 + legendHeight / 2
            legendOrigins = chart.series.indices.map { _ in
                defer { ly += legendHeight + Self.legendRowSpacing }
                return Vec2(square.maxX + Self.sideLegendGap, ly)
            }
        } else {
            square = Rect(x: content.midX - chartSide / 2, y: y, width: chartSide, height: chartSide)
            y += chartSide + Self.stackSpacing
            var x = content.midX - legendWidth / 2
            let ly = y + legendHeight / 2
            legendOrigins = chart.series.indices.map { i in
                defer { x += legendItemWidth(i) + Self.legendSpacing }
                return Vec2(x, ly)
            }
            y += legendHeight + Self.stackSpacing
            if controls && !compact { replayButton = Rect(x: content.midX - b.width / 2, y: y, width: b.width, height: b.height) }
        }
        center = square.center
        radius = max(chartSide / 2 - RadarMath.labelRoom, 0)
        layoutLabels()
    }

    /// Axis labels at radius + 0.55 × label room, shrunk (down to 70 %) where they would run
    /// past the chart's square or into a neighbour.
    private func layoutLabels() {
        let n = chart.axes.count
        let r = radius + RadarMath.labelRoom * 0.55
        let centers = (0..<n).map { RadarMath.point(axis: $0, count: n, share: 1, center: center, radius: r) }
        let widths = chart.axes.map { measurer.width($0, Self.labelStyle) }
        let lineH = measurer.lineHeight(Self.labelStyle)
        labels = []
        for i in 0..<n {
            let c = centers[i]
            var room = 2 * min(c.x - square.minX, square.maxX - c.x)
            if n > 1 {
                for j in [(i + n - 1) % n, (i + 1) % n] where j != i {
                    let o = centers[j]
                    // Neighbours on roughly the same line share the horizontal gap between them.
                    if abs(o.y - c.y) < lineH {
                        room = min(room, 2 * abs(o.x - c.x) - widths[j] * 0.7 - 4)
                    }
                }
            }
            let shrink = widths[i] > 0 ? min(1, max(0.7, room / widths[i])) : 1
            labels.append((chart.axes[i], c, shrink))
        }
    }
}
