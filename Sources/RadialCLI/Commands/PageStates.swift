import Foundation
import RadialCore

/// Pages that play states in turn (`"frames"`, a table's `--frame`): which one `--frame STATE`
/// names, and how `describe` says them all.
extension OptionValues {
    /// The state `--frame STATE` names (a page's state by name or number; `COLUMN=VALUE` for a
    /// table), or nil when none is named. A page without states has only state 1.
    func chosenState(of page: Page, source: PageSource) throws(UsageError) -> Page? {
        let isTable = if case .table = source { true } else { false }
        guard let name = frameState(isTable: isTable) else { return nil }
        let states = page.states
        guard let k = StateSequence.index(named: name, in: states) else {
            let names = states.map(\.name)
            let near = Spec.suggestion(for: name, among: names).map { "; did you mean \($0)?" } ?? ""
            let list = names.prefix(8).joined(separator: ", ") + (names.count > 8 ? ", …" : "")
            throw UsageError("--frame \(frame ?? name): \(source.name) has no state \"\(name)\"\(near) (its states are \(list), or their numbers from 1).")
        }
        return states[k].page
    }

    /// With `--frame STATE` and `--at T` on a page with states: the state's index, T then being
    /// a time inside it (0 where it begins to spring from the state before); else nil.
    func stateIndexInside(_ page: Page, source: PageSource) -> Int? {
        guard !page.frames.isEmpty, case .some(.some) = at else { return nil }
        let isTable = if case .table = source { true } else { false }
        return frameState(isTable: isTable).flatMap { StateSequence.index(named: $0, in: page.states) }
    }

    /// What a still of `page` shows: the state `--frame` names, else (a page with states, no
    /// `--at`) the last state at rest, where its animation ends; else the page.
    func stillPage(_ page: Page, source: PageSource) throws(UsageError) -> Page {
        if let chosen = try chosenState(of: page, source: source) { return chosen }
        if !page.frames.isEmpty, at == nil || at! == nil { return page.frames[page.frames.count - 1].page }
        return page
    }

    /// `--frame-time`, else 1.5 s.
    var holdSeconds: Double { frameTime ?? 1.5 }
}

extension Descriptions {
    /// Every state of a page said in turn ("State 2 of 17: 2002"), or the page.
    static func describeStates(_ page: Page, formatting: Formatting) -> String {
        guard page.frames.count > 1 else { return describe(page.states[0].page, formatting: formatting) }
        return page.frames.enumerated().map { k, s in
            "State \(k + 1) of \(page.frames.count): \(s.name)\n" + describe(s.page, formatting: formatting)
        }.joined(separator: "\n\n")
    }
}
