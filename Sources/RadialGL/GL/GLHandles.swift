// Typed names for GL objects, in the style of swift-system's `FileDescriptor`: a raw value the
// driver handed out, wrapped so that a buffer cannot be passed where a texture is expected.
// 0 is GL's "no object" for every kind and is spelled `.none`.

/// Declares the common shape of a GL object name.
public protocol GLHandle: RawRepresentable, Hashable, Sendable where RawValue == UInt32 {
    init(rawValue: UInt32)
}
extension GLHandle {
    /// GL's "no object" (0): unbinds when bound.
    public static var none: Self { Self(rawValue: 0) }
    public var isNone: Bool { rawValue == 0 }
}

/// A buffer object (`glGenBuffers`).
public struct GLBuffer: GLHandle { public let rawValue: UInt32; public init(rawValue: UInt32) { self.rawValue = rawValue } }
/// A vertex array object (`glGenVertexArrays`).
public struct GLVertexArray: GLHandle { public let rawValue: UInt32; public init(rawValue: UInt32) { self.rawValue = rawValue } }
/// A texture object (`glGenTextures`).
public struct GLTexture: GLHandle { public let rawValue: UInt32; public init(rawValue: UInt32) { self.rawValue = rawValue } }
/// A framebuffer object (`glGenFramebuffers`); `.none` is the window's own.
public struct GLFramebuffer: GLHandle { public let rawValue: UInt32; public init(rawValue: UInt32) { self.rawValue = rawValue } }
/// A linked program object (`glCreateProgram`).
public struct GLProgramName: GLHandle { public let rawValue: UInt32; public init(rawValue: UInt32) { self.rawValue = rawValue } }
/// A shader object (`glCreateShader`).
public struct GLShader: GLHandle { public let rawValue: UInt32; public init(rawValue: UInt32) { self.rawValue = rawValue } }
/// A query object (`glGenQueries`), e.g. a GL_TIME_ELAPSED timer.
public struct GLQuery: GLHandle { public let rawValue: UInt32; public init(rawValue: UInt32) { self.rawValue = rawValue } }

/// Where a uniform lives in one linked program; −1 when the compiler dropped it (setting it
/// then does nothing, as GL specifies).
public struct GLUniform: Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
}

/// A vertex attribute slot (`layout(location = N)`).
public struct GLAttribute: Hashable, Sendable {
    public let rawValue: UInt32
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
}
