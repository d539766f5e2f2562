/// A recorded stream of pages and updates (`radial record -`) as the states of one page: each
/// line that changed the page is a state, beginning when the line arrived (seconds after the
/// first) or, with a fixed `hold`, one state every `hold` seconds. The lines are read by
/// `PageStream`, by the rules of a file; a bad line is said and skipped, as `show -` does.
package enum StreamStates {
    /// What a recorded stream became.
    package struct Recording: Sendable {
        /// One state per line that changed the page, named by its line number.
        package var states: [PageState]
        /// When each state begins (the first at 0).
        package var starts: [Double]
        /// The stream's problems, "line 12: …", in order.
        package var problems: [String]
    }

    /// The states of `chunks` (bytes as they arrived, each with its arrival time in seconds);
    /// `hold`, when given, spaces the states evenly instead. Nil when no line held a page.
    package static func record(_ chunks: [(time: Double, bytes: [UInt8])], hold: Double? = nil) -> Recording? {
        var stream = PageStream()
        var states: [PageState] = [], times: [Double] = [], problems: [String] = []
        var version = 0, seen = 0
        for chunk in chunks {
            // Line by line, so each change is a state of its own and keeps its arrival time.
            var line: [UInt8] = []
            for b in chunk.bytes {
                line.append(b)
                guard b == UInt8(ascii: "\n") else { continue }
                stream.feed(line)
                line.removeAll(keepingCapacity: true)
                if stream.problems.count > seen || stream.problems.count == PageStream.keptProblems {
                    if let last = stream.problems.last, problems.last != last { problems.append(last) }
                    seen = stream.problems.count
                }
                if stream.version != version, let page = stream.page {
                    version = stream.version
                    states.append(PageState(name: String(stream.lineNumber), page: page))
                    times.append(chunk.time)
                }
            }
            if !line.isEmpty { stream.feed(line) }
        }
        // A last line without its newline still counts.
        stream.feed([UInt8(ascii: "\n")])
        if stream.version != version, let page = stream.page {
            states.append(PageState(name: String(stream.lineNumber), page: page))
            times.append(chunks.last?.time ?? 0)
        }
        if let last = stream.problems.last, problems.last != last { problems.append(last) }
        guard !states.isEmpty, let first = times.first else { return nil }
        let starts = hold.map { h in states.indices.map { Double($0) * h } } ?? times.map { max($0 - first, 0) }
        // Arrival times never run backwards.
        var monotonic = starts
        for k in monotonic.indices.dropFirst() { monotonic[k] = max(monotonic[k], monotonic[k - 1]) }
        return Recording(states: states, starts: monotonic, problems: problems)
    }
}
