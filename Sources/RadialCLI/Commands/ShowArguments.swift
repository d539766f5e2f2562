import Foundation
import RadialCore
import RadialWindow

/// `radial show`'s pages: its files (a pipe or `-` is a stream) and demos.
enum ShowArguments {
    static func sources(_ values: OptionValues, _ operands: [String]) throws(UsageError) -> [PageSource] {
        guard !operands.isEmpty || !values.demos.isEmpty else {
            throw UsageError("`radial show` needs at least one chart file (or - for standard input) or --demo NAME.")
        }
        guard operands.count + values.demos.count <= 9 else { throw UsageError("`radial show` takes at most 9 pages (keys 1–9 switch pages).") }
        var sources: [PageSource] = []
        for p in operands {
            sources.append(values.tableType == nil && (p == "-" || StreamReader.isFIFO(p)) ? .stream(p) : try values.source(p))
        }
        return sources + values.demos.map { .demo($0) }
    }
}
