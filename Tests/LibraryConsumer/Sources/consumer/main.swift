import Foundation
import RadialCore
import RadialRender
import RadialWindow

// `consumer checks FOLDER`: pages with bad values built in Swift are refused with typed errors,
// never a crash; pictures in memory; a recording that cannot be made leaves nothing behind.
// `consumer window`: the window run from async code while a plain Task updates and closes it.
// Prints one line per check ("ok …" / "FAIL …") and exits 1 when any failed.

nonisolated(unsafe) var failures = 0

func check(_ ok: Bool, _ what: String) {
    print((ok ? "ok   " : "FAIL ") + what)
    if !ok { failures += 1 }
}

/// The problems `page` is refused with, as "path: message" lines.
func problems(_ page: Page) -> [String] {
    do { try page.validate(); return [] } catch let error as SpecError { return error.problems.map { "\($0.path): \($0.message)" } } catch {
        check(false, "not a SpecError: \(error)")
        return []
    }
}

/// The error `body` throws, caught by its type (any other type is a failure).
func renderError(_ body: () throws -> Void) -> RenderError? {
    do { try body(); return nil } catch let e as RenderError { return e } catch {
        check(false, "an error of another type: \(error)")
        return nil
    }
}

let radarAxes = ["Speed", "Power", "Range", "Comfort"]
func radar(maximum: Double = 100, axes: [String] = radarAxes, scales: [RadarAxisScale] = []) -> Page {
    Page(charts: [.radar(RadarChart(axes: axes, series: [RadarChartSeries(name: "City", values: [1, 2, 3, 4])], maximum: maximum, scales: scales))])
}
func pie(_ values: [Double]) -> Page {
    Page(charts: [.pie(PieChart(sectors: values.enumerated().map { PieSector(name: "S\($0.offset)", value: $0.element) }))])
}

func checks(in folder: URL) throws {
    // MARK: Bad values: refused by path, in the file's words, never a crash.
    check(problems(radar(maximum: 0)) == ["charts[0].maximum: expected a finite number > 0, got 0"], "a radar's maximum 0 is refused by its path")
    check(problems(radar(maximum: .nan)) == ["charts[0].maximum: expected a finite number > 0, got NaN"], "a radar's maximum NaN is refused")
    check(!radar(maximum: 0).description().isEmpty, "describing a radar with maximum 0 does not crash")
    let same = RadarAxisScale(minimum: 5, maximum: 5)   // no precondition
    check(problems(radar(scales: [same])).contains("charts[0].scales[0].minimum: expected minimum below maximum, got minimum 5 and maximum 5"),
          "an axis whose minimum is its maximum is refused by its path")
    check(problems(radar(axes: ["A", "B"])).first == "charts[0].axes: expected at least 3 axes (a radar's shape needs three corners), got 2",
          "a radar with two axes is refused, not drawn with its error")
    var gauge = GaugeChart(value: 5, minimum: 10, maximum: 0)   // no precondition
    check(problems(Page(charts: [.gauge(gauge)])).contains("charts[0].minimum: expected minimum below maximum, got minimum 10 and maximum 0"),
          "a gauge with its minimum above its maximum is refused")
    gauge = GaugeChart(value: 5)
    gauge.minimum = 200
    check(!problems(Page(charts: [.gauge(gauge)])).isEmpty, "a gauge's minimum set after it was made is checked too")
    check(problems(pie([30, .nan])) == ["charts[0].sectors[1].value: expected a finite number ≥ 0, got NaN"], "a NaN sector is refused")
    check(problems(pie([30, .infinity])) == ["charts[0].sectors[1].value: expected a finite number ≥ 0, got a number too large to represent"], "an infinite sector is refused")
    check(problems(pie([30, -5])) == ["charts[0].sectors[1].value: expected a finite number ≥ 0, got -5"], "a negative sector is refused")

    // The renderers call validate(): caught by type, with the problems.
    if case .invalidPage(let e)? = renderError({ _ = try radar(maximum: 0).render() }) {
        check(e.problems.first?.path == "charts[0].maximum", "render refuses an invalid page with RenderError.invalidPage")
    } else { check(false, "render refuses an invalid page with RenderError.invalidPage") }
    do { _ = try pie([.nan]).png(); check(false, "png() refuses a NaN sector") } catch RenderError.invalidPage { check(true, "png() refuses a NaN sector") } catch { check(false, "png() refuses a NaN sector: \(error)") }

    // MARK: The command line's rules, from the library.
    let good = Seeds.page
    check(renderError { _ = try good.render(at: nil, PictureOptions(size: Size(width: 10, height: 10))) } == .invalidSize(Size(10, 10)), "a 10×10 picture is refused")
    check(renderError { _ = try good.render(at: nil, PictureOptions(scale: 0)) } == .invalidScale(0), "scale 0 is refused")
    check(renderError { _ = try good.render(at: nil, PictureOptions(scale: 5)) } == .invalidScale(5), "scale 5 is refused")
    check(renderError { _ = try good.jpeg(quality: 0) } == .invalidQuality(0), "JPEG quality 0 is refused")
    check(renderError { _ = try good.webp(quality: 101) } == .invalidQuality(101), "WebP quality 101 is refused")
    check(renderError { _ = try good.jpeg(quality: 90, at: nil, PictureOptions(background: .transparent)) } == .noTransparency(format: "jpg"),
          "a transparent JPEG is refused")
    if case .unknownLocale("xx_NOPE", _)? = renderError({ _ = try good.png(at: nil, PictureOptions(locale: "xx_NOPE")) }) {
        check(true, "an unknown locale is refused")
    } else { check(false, "an unknown locale is refused") }
    check(renderError { _ = try good.render(at: -1) } == .invalidTime(-1), "a negative time is refused")
    check(renderError { try good.record(to: folder.appendingPathComponent("x.mp4").path, fps: 0) } == .invalidFrameRate(0), "0 frames a second is refused")
    check(renderError { try good.record(to: folder.appendingPathComponent("x.gif").path, fps: 60) } == .frameRateNotAllowed(60, format: "gif"),
          "a GIF at 60 frames a second is refused (its delays are hundredths)")
    check(renderError { try good.write(to: folder.appendingPathComponent("x.bmp").path) } == .unsupportedFormat(path: folder.appendingPathComponent("x.bmp").path),
          "a .bmp is refused")

    // MARK: An odd-sized MP4: an error before the first frame, nothing left behind, no SIGPIPE.
    let odd = folder.appendingPathComponent("odd.mp4")
    do {
        try good.record(to: odd, PictureOptions(size: Size(width: 401, height: 301)))
        check(false, "an odd-sized MP4 is refused")
    } catch RenderError.oddVideoSize(let w, let h) {
        check(w == 401 && h == 301, "an odd-sized MP4 is refused with its size (\(w)×\(h))")
    } catch {
        check(false, "an odd-sized MP4 is refused: \(error)")
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    check(left.isEmpty, "nothing is left behind (found \(left))")

    // MARK: In memory.
    let png = try good.png()
    check(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "png() is a PNG")
    let file = folder.appendingPathComponent("page.png")
    try good.write(to: file)
    check(try Data(contentsOf: file) == png, "png() is byte for byte what write(to:) writes")
    check(try good.jpeg().starts(with: [0xFF, 0xD8, 0xFF]), "jpeg() is a JPEG")
    let webp = try good.webp(quality: 100)
    check(webp.starts(with: Array("RIFF".utf8)) && webp.dropFirst(8).starts(with: Array("WEBP".utf8)), "webp() is a WebP")
    check(String(decoding: try good.svg(), as: UTF8.self).contains("<svg"), "svg() is an SVG")
    check(try good.pdf().starts(with: Array("%PDF".utf8)), "pdf() is a PDF")
    let geometry = try good.geometry()
    check(geometry.charts.map(\.type) == ["radar", "scan", "pie", "pie"] && geometry.charts[0].center != nil, "geometry() is typed")
    // Foundation's decoder reads every field (a chart's own fields in its order, not the file's).
    let decoded = try JSONDecoder().decode(PageGeometry.self, from: Data(geometry.json().utf8))
    func object(_ text: String) throws -> NSDictionary? { try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary }
    check(try object(decoded.json()) == object(geometry.json()) && decoded.texts.count == geometry.texts.count,
          "the geometry's JSON decodes into a geometry with the same JSON")

    // MARK: Catching one case and letting the rest go on, with an `&&` after it (Swift 6.3's
    // compiler crashed on this with typed throws, so the API is declared `throws`).
    do { _ = try pie([1, 2]).png(at: nil, PictureOptions(scale: 9)) } catch RenderError.invalidScale(let s) {
        check(s == 9 && png.count > 0, "one case caught by its pattern, the rest left to propagate")
    }
    do { try pie([1]).validate() } catch let e as SpecError where e.problems.count > 1 { check(false, "\(e)") }
    check(png.count > 8 && webp.count > 8, "an && after such catches compiles")

    // MARK: The habits compile and draw.
    var habits = Habits.page
    Habits.change(&habits)
    check(habits.charts[3].radar?.series[1].values[2] == 3 && habits.charts[0].pie?.sectors[0].value == 13, "typed accessors change a chart in its page")
    check(try Habits.codable(habits).charts.count == habits.charts.count, "a page is Codable")
    check(Habits.hashable(Seeds.page).count == 1, "a page is Hashable")
    try Habits.write(habits, to: folder)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("habits.png"))
    try FileManager.default.removeItem(at: file)
    _ = Seeds.bikeIDs
}

@MainActor
func window() async throws {
    var page = Page(title: "Live", charts: [.radar(RadarChart(axes: radarAxes, series: [RadarChartSeries(name: "Load", values: [10, 20, 30, 40])]))])
    let window = ChartWindow(page, options: WindowOptions(size: Size(width: 480, height: 520)))
    let updates = Updates()
    // A watchdog off the main actor: a window that never lets the Task below run never closes.
    Task.detached { try await Task.sleep(for: .seconds(60)); print("FAIL the window did not close within 60 s"); exit(3) }
    // A plain Task, on the main actor like the code that starts it: it runs while the window shows.
    Task {
        for i in 1...5 {
            try await Task.sleep(for: .milliseconds(150))
            try window.update { $0.charts[0].radar?.series[0].values[0] = Double(i * 10) }
            updates.count += 1
        }
        do { try window.update { $0.charts[0].radar?.maximum = 0 }; check(false, "an invalid update is refused") } catch WindowError.invalidPage(let e) {
            check(e.problems.first?.path == "charts[0].maximum", "an invalid update is refused with its path, the page kept")
        }
        window.close()
    }
    try await window.run()
    do { try await window.run(); check(false, "a closed window does not run again") } catch WindowError.closed {
        check(true, "a closed window does not run again")
    }
    do { try window.update { $0.title = "late" }; check(false, "an update after close is refused") } catch WindowError.closed {
        check(true, "an update after close is refused with WindowError.closed")
    }
    check(updates.count == 5, "the Task updated the window five times while it showed")
    check(window.page.charts[0].radar?.series[0].values[0] == 50 && window.page.charts[0].radar?.maximum == 100, "the last good update is the page")


    page.title = "unchanged"
}

/// With an ffmpeg that stops reading and fails (the test puts one first on PATH): the failure is
/// an error in ffmpeg's words, the process is not killed by SIGPIPE, nothing is left behind.
func brokenEncoder(in folder: URL) {
    let out = folder.appendingPathComponent("broken.mp4")
    do {
        try Seeds.page.record(to: out)
        check(false, "a failing ffmpeg is reported")
    } catch RenderError.encoderFailed(let why) {
        check(why.contains("simulated encoder failure"), "a failing ffmpeg is reported in its words (\(why))")
    } catch {
        check(false, "a failing ffmpeg is reported: \(error)")
    }
    let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? ["?"]
    check(left.isEmpty, "nothing is left behind after ffmpeg failed (found \(left))")
}

final class Updates: @unchecked Sendable { var count = 0 }

let arguments = CommandLine.arguments
switch arguments.dropFirst().first {
case "checks":
    try checks(in: URL(fileURLWithPath: arguments[2], isDirectory: true))
case "broken-encoder":
    brokenEncoder(in: URL(fileURLWithPath: arguments[2], isDirectory: true))
case "window":
    try await window()
default:
    print("usage: consumer checks FOLDER | consumer broken-encoder FOLDER | consumer window")
    exit(2)
}
exit(failures == 0 ? 0 : 1)
