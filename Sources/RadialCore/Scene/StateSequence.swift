/// A page's states played in turn (`"frames"`, a table's `--frame`, `record -`): the first state
/// appears as a page does and is held `hold` seconds once it has settled; each later state
/// begins `hold` seconds after the one before (or at a time of its own: a stream line's arrival),
/// its charts springing from where the previous state left them (a reload's continuation), so
/// every frame at a time t is the same whoever asks and in whatever order.
package final class StateSequence {
    /// The states, in order.
    package let states: [PageState]
    /// Seconds each state is held.
    package let hold: Double
    /// Reduce motion: every state at rest from its first frame.
    package let reduceMotion: Bool
    private let make: (Page, PageScene?, Double) -> PageScene
    private var scenes: [PageScene] = []
    private var starts: [Double] = [0]
    private let givenStarts: [Double]?

    /// The states of `page` (its frames, else the page itself), each scene made by `make(page,
    /// previous, at)`; `starts`, when given, is when each state begins (the first at 0).
    package init(_ states: [PageState], hold: Double = 1.5, starts: [Double]? = nil, reduceMotion: Bool = false,
                make: @escaping (Page, PageScene?, Double) -> PageScene) {
        precondition(!states.isEmpty, "a sequence has at least one state")
        precondition(starts == nil || starts!.count == states.count, "a start per state")
        self.states = states; self.hold = hold; self.reduceMotion = reduceMotion; self.make = make; givenStarts = starts
    }

    /// When state `k` begins (building the scenes before it as needed).
    package func start(of k: Int) -> Double {
        precondition(k >= 0 && k < states.count)
        if let givenStarts { return givenStarts[k] }
        while starts.count <= k {
            let previous = starts.count - 1
            // The first state is held once its entrance has settled; the rest for `hold` each.
            let settle = previous == 0 ? max(scene(0).settleTime(reduceMotion: reduceMotion), 0) : 0
            starts.append(starts[previous] + settle + hold)
        }
        return starts[k]
    }

    /// The scene of state `k`, continuing from state k − 1's at its start.
    package func scene(_ k: Int) -> PageScene {
        while scenes.count <= k {
            let i = scenes.count
            let at = i == 0 ? 0 : start(of: i)
            scenes.append(make(states[i].page, i == 0 ? nil : scenes[i - 1], at))
        }
        return scenes[k]
    }

    /// The state shown at time `t`.
    package func index(at t: Double) -> Int {
        var k = 0
        while k + 1 < states.count, start(of: k + 1) <= t { k += 1 }
        return k
    }

    /// The scene to draw at time `t`.
    package func scene(at t: Double) -> PageScene { scene(index(at: t)) }

    /// When the last state has settled: the whole animation is over.
    package var settleTime: Double {
        let last = states.count - 1
        return max(scene(last).settleTime(reduceMotion: reduceMotion), start(of: last))
    }

    /// The index of the state named `name`, or numbered `name` from 1.
    package func index(named name: String) -> Int? { Self.index(named: name, in: states) }

    /// The index of the state named `name` in `states` (a name wins over a number).
    package static func index(named name: String, in states: [PageState]) -> Int? {
        if let k = states.firstIndex(where: { $0.name == name }) { return k }
        if let n = Int(name), n >= 1, n <= states.count { return n - 1 }
        return nil
    }
}
