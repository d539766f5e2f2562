// Typed names for GL objects, in the style of swift-system's `FileDescriptor`: a raw value the
// driver handed out, wrapped so that a buffer cannot be passed where a texture is expected.
// 0 is GL's "no object" for every kind and is spelled `.none`.

/// Declares the common shape of a GL object name.
package protocol GLHandle: RawRepresentable, Hashable, Sendable where RawValue == UInt32 {
    init(rawValue: UInt32)
}
extension GLHandle {
    /// GL's "no object" (0): unbinds when bound.
    package static var none: Self { Self(rawValue: 0) }
    package var isNone: Bool { rawValue == 0 }
}

/// A buffer object (`glGenBuffers`).
package struct GLBuffer: GLHandle { package let rawValue: UInt32; package init(rawValue: UInt32) { self.rawValue = rawValue } }
/// A vertex array object (`glGenVertexArrays`).
package struct GLVertexArray: GLHandle { package let rawValue: UInt32; package init(rawValue: UInt32) { self.rawValue = rawValue } }
/// A texture object (`glGenTextures`).
package struct GLTexture: GLHandle { package let rawValue: UInt32; package init(rawValue: UInt32) { self.rawValue = rawValue } }
/// A framebuffer object (`glGenFramebuffers`); `.none` is the window's own.
package struct GLFramebuffer: GLHandle { package let rawValue: UInt32; package init(rawValue: UInt32) { self.rawValue = rawValue } }
/// A linked program object (`glCreateProgram`).
package struct GLProgramName: GLHandle { package let rawValue: UInt32; package init(rawValue: UInt32) { self.rawValue = rawValue } }
/// A shader object (`glCreateShader`).
package struct GLShader: GLHandle { package let rawValue: UInt32; package init(rawValue: UInt32) { self.rawValue = rawValue } }
/// A query object (`glGenQueries`), e.g. a GL_TIME_ELAPSED timer.
package struct GLQuery: GLHandle { package let rawValue: UInt32; package init(rawValue: UInt32) { self.rawValue = rawValue } }

/// Where a uniform lives in one linked program; −1 when the compiler dropped it (setting it
/// then does nothing, as GL specifies).
package struct GLUniform: Hashable, Sendable {
    package let rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }
}

/// A vertex attribute slot (`layout(location = N)`).
package struct GLAttribute: Hashable, Sendable {
    package let rawValue: UInt32
    package init(_ rawValue: UInt32) { self.rawValue = rawValue }
}
