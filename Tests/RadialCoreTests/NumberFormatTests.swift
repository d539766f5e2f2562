import Foundation
import Testing
@testable import RadialCore

private func pie(_ json: String) throws -> PieChart {
    guard case .pie(let p) = try Spec.decode(#"{"charts": [{"type": "pie", "sectors": [{"name": "A", "value": 1}], \#(json)}]}"#).charts[0] else {
        fatalError("not a pie")
    }
    return p
}

private func problems(_ json: String) -> [String] {
    do { _ = try Spec.decode(#"{"charts": [{"type": "pie", "sectors": [{"name": "A", "value": 1}], \#(json)}]}"#); return [] } catch {
        return error.problems.map { "\($0.path): \($0.message)" }
    }
}

@Suite("Number formats, totals and percentages that add up")
struct NumberFormatTests {
    @Test("one vocabulary: number with grouping and decimals, percent, currency, unit")
    func vocabulary() {
        #expect(enUS.format(1099, nil) == "1,099")
        #expect(enUS.format(1099.5, .number(decimals: 2)) == "1,099.50")
        #expect(enUS.format(85, .percent(decimals: nil)) == "85%")
        #expect(enUS.format(12.5, .percent(decimals: 1)) == "12.5%")
        #expect(enUS.format(1099, .currency(code: "EUR", decimals: nil)) == "€1,099.00")
        #expect(enUS.format(1099, .currency(code: "EUR", decimals: 0)) == "€1,099")
        #expect(enUS.format(1.4, .unit("kg", decimals: nil)) == "1.4 kg")
        let de = Formatting(localeIdentifier: "de_DE")
        #expect(de.format(1099.5, .number(decimals: 1)) == "1.099,5")
    }

    @Test("formats are read from specs, and bad ones refused with suggestions")
    func specFormats() throws {
        #expect(try pie(#""format": "number""#).format == .number(decimals: nil))
        #expect(try pie(#""format": "percent""#).format == .percent(decimals: nil))
        #expect(try pie(#""format": {"currency": "EUR"}"#).format == .currency(code: "EUR", decimals: nil))
        #expect(try pie(#""format": {"unit": "kg", "decimals": 1}"#).format == .unit("kg", decimals: 1))
        #expect(try pie(#""format": {"style": "percent", "decimals": 1}"#).format == .percent(decimals: 1))
        #expect(try pie(#""format": {"decimals": 2}"#).format == .number(decimals: 2))
        #expect(try pie(#""currency": "JPY""#).format == .currency(code: "JPY", decimals: nil))
        #expect(problems(#""format": "money""#) == [#"charts[0].format: unknown format "money"; expected one of number, percent"#])
        #expect(problems(#""format": {"decimal": 2}"#) == [#"charts[0].format.decimal: unknown key; did you mean "decimals"?"#])
        #expect(problems(#""format": {"decimals": 11}"#) == ["charts[0].format.decimals: expected an integer from 0 to 10, got 11"])
        #expect(problems(#""format": 3"#) == [#"charts[0].format: expected a format: "number", "percent", {"currency": "EUR"}, {"unit": "kg"} (each object may add "decimals"), got 3"#])
        #expect(problems(#""currency": "EUR", "format": "number""#) == [#"charts[0].currency: give either currency or format, not both; format {"currency": …} says the same"#])
        #expect(problems(#""total": "titel""#) == [#"charts[0].total: unknown total placement "titel"; did you mean "title"?"#])
    }

    @Test("a pie without a format shows plain numbers and no total; the total is opt-in")
    func pieTotals() throws {
        let page = try Spec.decode(#"{"charts": [{"type": "pie", "title": "Repairs", "appear": "all", "annotations": true, "sectors": [{"name": "Brakes", "value": 34}, {"name": "Tyres", "value": 85}]}]}"#)
        let (_, frame) = drawn(page, size: Size(800, 800), at: 5)
        let texts = frame.texts.map(\.text)
        #expect(texts.contains("Repairs") && texts.contains("34") && texts.contains("85"))
        #expect(!texts.contains { $0.contains("$") || $0.contains("119") })
        let titled = try Spec.decode(#"{"charts": [{"type": "donut", "title": "Repairs", "appear": "all", "total": "title", "format": {"unit": "jobs"}, "sectors": [{"name": "Brakes", "value": 34}, {"name": "Tyres", "value": 85}]}]}"#)
        #expect(drawn(titled, size: Size(800, 800), at: 5).1.texts.map(\.text).contains("Repairs 119 jobs"))
        let centered = try Spec.decode(#"{"charts": [{"type": "donut", "title": "Repairs", "appear": "all", "total": "center", "sectors": [{"name": "Brakes", "value": 34}, {"name": "Tyres", "value": 85}]}]}"#)
        let c = drawn(centered, size: Size(800, 800), at: 5).1.texts.map(\.text)
        #expect(c.contains("119") && c.contains("Repairs"))
        // The demos keep their dollars by saying so.
        #expect(drawn(Demo.pies.page, size: Size(800, 800), at: 20).1.texts.map(\.text).contains("Earnings $1,120.00"))
    }

    @Test("percentages shown together are rounded by largest remainder and add up to 100")
    func largestRemainder() {
        // 4.46 + 6.25 + 89.29: rounded each they are 4 + 6 + 89 = 99; the largest remainder (.46) gets the point.
        #expect(Descriptions.roundedPercents([50, 70, 1000]) == [5, 6, 89])
        #expect(Descriptions.roundedPercents([1, 1, 1]) == [34, 33, 33])
        #expect(Descriptions.roundedPercents([0, 0]) == [0, 0])
        #expect(Descriptions.roundedPercents([1, .nan, 3]) == [25, 0, 75])
        for values in [[1150.0, 420, 160, 140, 95, 120, 300, 12, 37], [1, 2, 3, 4, 5, 6, 7], [0.3, 0.3, 0.4, 99]] {
            #expect(Descriptions.roundedPercents(values).reduce(0, +) == 100)
        }
        let text = Descriptions.describe(Demo.pies.page, formatting: enUS)
        #expect(text.contains("Tax Return $50.00, 5%; Interest $70.00, 6%; Payment $1,000.00, 89%"))
    }
}

@Suite("Grouping small slices")
struct GroupTests {
    private static let budget = #"{"charts": [{"type": "donut", "format": {"currency": "EUR", "decimals": 0}, "appear": "all", "group": {"below": 0.02, "label": "Small"}, "sectors": [{"name": "Rent", "value": 1150}, {"name": "Groceries", "value": 420}, {"name": "Transport", "value": 160}, {"name": "Utilities", "value": 140}, {"name": "Insurance", "value": 95}, {"name": "Eating out", "value": 120}, {"name": "Savings", "value": 300}, {"name": "Streaming", "value": 12}, {"name": "Charity", "value": 37}]}]}"#

    @Test("sectors under the share merge into one, last, which lists what it holds in words and its tooltip")
    func merged() throws {
        let page = try Spec.decode(Self.budget)
        guard case .pie(let p) = page.charts[0] else { Issue.record("not a pie"); return }
        // 12 / 2434 = 0.5 % and 37 / 2434 = 1.5 % are under 2 %; Insurance (3.9 %) is not.
        #expect(p.sectors.map(\.name) == ["Rent", "Groceries", "Transport", "Utilities", "Insurance", "Eating out", "Savings", "Small"])
        #expect(p.sectors.last?.value == 49 && p.sectors.last?.members.map(\.name) == ["Streaming", "Charity"])
        #expect(p.total == 2434)
        #expect(Descriptions.describe(page, formatting: enUS).hasSuffix("Small €49, 2% (Streaming €12, Charity €37)"))
        let (scene, _) = drawn(page, size: Size(800, 800), at: 5)
        let tip = scene.items[0].tooltip(for: .sector(7), moment: Moment(time: 5, reduceMotion: false), theme: .light, formatting: enUS)
        #expect(tip?.rows.map(\.text) == ["€49, 2%", "Streaming €12", "Charity €37"])
    }

    @Test("one small slice alone is not grouped; a bad group is refused by path")
    func edges() throws {
        let p = PieChart(sectors: [PieSector(name: "A", value: 99), PieSector(name: "B", value: 1)]).grouped(below: 0.02, label: "Other")
        #expect(p.sectors.map(\.name) == ["A", "B"])
        do { _ = try Spec.decode(#"{"charts": [{"type": "pie", "group": {"below": 2, "lable": "x"}, "sectors": []}]}"#); Issue.record("accepted") } catch {
            #expect(error.problems.map { "\($0.path): \($0.message)" } == [
                "charts[0].group.below: expected a share of the total > 0 and < 1 (0.02 is 2 %), got 2",
                #"charts[0].group.lable: unknown key; did you mean "label"?"#,
            ])
        }
    }
}
