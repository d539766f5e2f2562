/// What a picture has behind its charts: the page's color (opaque, the default), nothing (the
/// cards on a transparent page, for a document or slide of another color), or not even the cards
/// (the charts alone, to lay over a slide's own background).
public enum PageBackground: String, Hashable, Sendable, CaseIterable {
    /// The page's color behind the cards (the default).
    case opaque
    /// The cards on a transparent page.
    case transparent
    /// The charts alone, on transparency: no page, no cards.
    case none

    /// Whether pixels outside the charts' shapes can be transparent.
    package var isTransparent: Bool { self != .opaque }
    /// Whether the cards are drawn.
    package var drawsCards: Bool { self != .none }
}
