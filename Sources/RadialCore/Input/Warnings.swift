import Foundation

/// Things in a valid page worth knowing but not refusing it for (a value outside its axis'
/// range): one line each on stderr, `warning: FILE: PATH: …`; the exit code is unchanged.
package enum Warnings {
    package static func report(_ page: Page, source: PageSource, formatting: Formatting) {
        let lines = Descriptions.warnings(page, formatting: formatting)
        guard !lines.isEmpty else { return }
        let text = lines.map { "warning: \(source.name): \($0)\n" }.joined()
        StandardStreams.err(text)   // a closed or full stderr drops them; the work goes on
    }
}
