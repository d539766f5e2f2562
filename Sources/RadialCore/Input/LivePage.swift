import Foundation

/// A page a program keeps changing while a window shows it: `update` may be called from any
/// thread or task; the window takes the latest page once per frame and animates to it as a
/// live reload does (corners and sectors spring to their new values).
package final class LivePage: @unchecked Sendable, Equatable {
    private let lock = NSLock()
    private var page: Page
    private var version = 0
    /// What windows call the page (its title, else "page").
    package let name: String
    /// Called after each update, on the updating thread: a window wakes its event loop.
    nonisolated(unsafe) package var wake: @Sendable () -> Void = {}

    /// A live page showing `page` first, named by its title (else "page").
    package init(_ page: Page) {
        self.page = page
        name = page.title ?? "page"
    }

    /// Changes the page: `change` gets the current one to edit in place.
    package func update(_ change: (inout Page) -> Void) {
        lock.lock()
        change(&page)
        version += 1
        lock.unlock()
        wake()
    }

    /// Changes the page as `update` does, but only when the changed page passes `check` (which
    /// sees it under the lock); otherwise the page stays as it was and `check`'s error is thrown.
    package func update<E: Error>(_ change: (inout Page) -> Void, accepting check: (Page) throws(E) -> Void) throws(E) {
        lock.lock()
        var next = page
        change(&next)
        do { try check(next) } catch { lock.unlock(); throw error }
        page = next
        version += 1
        lock.unlock()
        wake()
    }

    /// The page now, and how many updates it has had.
    package var current: (page: Page, version: Int) {
        lock.lock(); defer { lock.unlock() }
        return (page, version)
    }

    package static func == (a: LivePage, b: LivePage) -> Bool { a === b }
}
