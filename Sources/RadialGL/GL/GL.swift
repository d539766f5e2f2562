// The one file that calls OpenGL. libepoxy exposes each entry point as a function-pointer
// global (`epoxy_glClear`), which Swift 6 only accepts through a @preconcurrency import; the
// rest of RadialGL calls these thin, typed functions instead.
@preconcurrency import CEpoxy
import RadialCore

/// A GL error code, typed.
package struct GLErrorCode: RawRepresentable, Equatable, CustomStringConvertible, Sendable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    package var description: String {
        switch Int32(rawValue) {
        case GL_INVALID_ENUM: "GL_INVALID_ENUM"
        case GL_INVALID_VALUE: "GL_INVALID_VALUE"
        case GL_INVALID_OPERATION: "GL_INVALID_OPERATION"
        case GL_OUT_OF_MEMORY: "GL_OUT_OF_MEMORY"
        case GL_INVALID_FRAMEBUFFER_OPERATION: "GL_INVALID_FRAMEBUFFER_OPERATION"
        default: "GL error 0x" + String(rawValue, radix: 16)
        }
    }
}

/// Thin, typed OpenGL 3.3 core calls. Each one is the C function of the same name.
enum GL {
    // MARK: - KHR_debug (GLDebug)
    static var hasKHRDebug: Bool { epoxy_gl_version() >= 43 || epoxy_has_gl_extension("GL_KHR_debug") }
    /// Debug output on, synchronous (a message arrives before the call that caused it returns),
    /// notifications off, every other message to `callback`.
    static func enableSynchronousDebugOutput(_ callback: GLDEBUGPROC) {
        epoxy_glEnable(GLenum(GL_DEBUG_OUTPUT))
        epoxy_glEnable(GLenum(GL_DEBUG_OUTPUT_SYNCHRONOUS))
        epoxy_glDebugMessageControl(GLenum(GL_DONT_CARE), GLenum(GL_DONT_CARE), GLenum(GL_DEBUG_SEVERITY_NOTIFICATION), 0, nil, GLboolean(GL_FALSE))
        epoxy_glDebugMessageCallback(callback, nil)
    }
    static func debugMessageInsert(_ text: String) {
        epoxy_glDebugMessageInsert(GLenum(GL_DEBUG_SOURCE_APPLICATION), GLenum(GL_DEBUG_TYPE_ERROR), 1, GLenum(GL_DEBUG_SEVERITY_HIGH), GLsizei(text.utf8.count), text)
    }

    // MARK: - State
    static func viewport(_ x: Int, _ y: Int, _ w: Int, _ h: Int) { epoxy_glViewport(GLint(x), GLint(y), GLsizei(w), GLsizei(h)) }
    static func clearColor(_ c: (Float, Float, Float, Float)) { epoxy_glClearColor(c.0, c.1, c.2, c.3) }
    static func clearColorBuffer() { epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT)) }
    static func enableScissor(x: Int, y: Int, width: Int, height: Int) {
        epoxy_glEnable(GLenum(GL_SCISSOR_TEST))
        epoxy_glScissor(GLint(x), GLint(y), GLsizei(width), GLsizei(height))
    }
    static func disableScissor() { epoxy_glDisable(GLenum(GL_SCISSOR_TEST)) }
    static func disableBlend() { epoxy_glDisable(GLenum(GL_BLEND)) }
    static func enableBlendPremultiplied() {
        epoxy_glEnable(GLenum(GL_BLEND))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    }
    static func disableDepthAndCull() {
        epoxy_glDisable(GLenum(GL_DEPTH_TEST)); epoxy_glDisable(GLenum(GL_CULL_FACE)); epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
    }
    static func error() -> GLErrorCode? {
        let e = epoxy_glGetError()
        return e == GLenum(GL_NO_ERROR) ? nil : GLErrorCode(rawValue: e)
    }
    static func string(_ name: Int32) -> String {
        guard let p = epoxy_glGetString(GLenum(name)) else { return "" }
        return String(cString: p)
    }
    static var renderer: String { string(GL_RENDERER) }
    static func disableAttribute(_ a: GLAttribute) { epoxy_glDisableVertexAttribArray(a.rawValue) }
    static var version: String { string(GL_VERSION) }
    static func finish() { epoxy_glFinish() }

    // MARK: - Shaders and programs
    enum ShaderStage { case vertex, fragment }
    static func createShader(_ stage: ShaderStage) -> GLShader {
        GLShader(rawValue: epoxy_glCreateShader(GLenum(stage == .vertex ? GL_VERTEX_SHADER : GL_FRAGMENT_SHADER)))
    }
    static func shaderSource(_ shader: GLShader, _ source: String) {
        source.withCString { cs in
            var p: UnsafePointer<GLchar>? = cs
            epoxy_glShaderSource(shader.rawValue, 1, &p, nil)
        }
    }
    static func compileShader(_ s: GLShader) -> (ok: Bool, log: String) {
        let shader = s.rawValue
        epoxy_glCompileShader(shader)
        var status: GLint = 0
        epoxy_glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &status)
        var length: GLint = 0
        epoxy_glGetShaderiv(shader, GLenum(GL_INFO_LOG_LENGTH), &length)
        var log = [GLchar](repeating: 0, count: Int(max(length, 1)))
        epoxy_glGetShaderInfoLog(shader, GLsizei(log.count), nil, &log)
        return (status != 0, String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    static func deleteShader(_ s: GLShader) { epoxy_glDeleteShader(s.rawValue) }
    static func createProgram() -> GLProgramName { GLProgramName(rawValue: epoxy_glCreateProgram()) }
    static func attach(_ program: GLProgramName, _ shader: GLShader) { epoxy_glAttachShader(program.rawValue, shader.rawValue) }
    static func link(_ p: GLProgramName) -> (ok: Bool, log: String) {
        let program = p.rawValue
        epoxy_glLinkProgram(program)
        var status: GLint = 0
        epoxy_glGetProgramiv(program, GLenum(GL_LINK_STATUS), &status)
        var length: GLint = 0
        epoxy_glGetProgramiv(program, GLenum(GL_INFO_LOG_LENGTH), &length)
        var log = [GLchar](repeating: 0, count: Int(max(length, 1)))
        epoxy_glGetProgramInfoLog(program, GLsizei(log.count), nil, &log)
        return (status != 0, String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    static func deleteProgram(_ p: GLProgramName) { epoxy_glDeleteProgram(p.rawValue) }
    static func useProgram(_ p: GLProgramName) { epoxy_glUseProgram(p.rawValue) }
    static func uniformLocation(_ p: GLProgramName, _ name: String) -> GLUniform { GLUniform(rawValue: epoxy_glGetUniformLocation(p.rawValue, name)) }
    static func attributeLocation(_ p: GLProgramName, _ name: String) -> Int32 { epoxy_glGetAttribLocation(p.rawValue, name) }
    static func uniform(_ loc: GLUniform, _ x: Float) { epoxy_glUniform1f(loc.rawValue, x) }
    static func uniform(_ loc: GLUniform, _ x: Float, _ y: Float) { epoxy_glUniform2f(loc.rawValue, x, y) }
    static func uniform(_ loc: GLUniform, _ x: Float, _ y: Float, _ z: Float, _ w: Float) { epoxy_glUniform4f(loc.rawValue, x, y, z, w) }
    static func uniform(_ loc: GLUniform, _ c: RGBA) { epoxy_glUniform4f(loc.rawValue, c.r, c.g, c.b, c.a) }
    static func uniform(_ loc: GLUniform, int x: Int) { epoxy_glUniform1i(loc.rawValue, Int32(truncatingIfNeeded: x)) }
    static func uniform4v(_ loc: GLUniform, _ values: UnsafePointer<Float>, count: Int) { epoxy_glUniform4fv(loc.rawValue, GLsizei(count), values) }

    // MARK: - Buffers and vertex arrays
    enum BufferTarget { case array, elementArray
        var raw: GLenum { GLenum(self == .array ? GL_ARRAY_BUFFER : GL_ELEMENT_ARRAY_BUFFER) }
    }
    static func genBuffer() -> GLBuffer { var b: GLuint = 0; epoxy_glGenBuffers(1, &b); return GLBuffer(rawValue: b) }
    static func deleteBuffer(_ b: GLBuffer) { var b = b.rawValue; epoxy_glDeleteBuffers(1, &b) }
    static func bindBuffer(_ t: BufferTarget, _ b: GLBuffer) { epoxy_glBindBuffer(t.raw, b.rawValue) }
    static func bufferData(_ t: BufferTarget, bytes: UnsafeRawPointer?, count: Int, dynamic: Bool) {
        epoxy_glBufferData(t.raw, GLsizeiptr(count), bytes, GLenum(dynamic ? GL_DYNAMIC_DRAW : GL_STATIC_DRAW))
    }
    static func bufferSubData(_ t: BufferTarget, offset: Int, bytes: UnsafeRawPointer, count: Int) {
        epoxy_glBufferSubData(t.raw, GLintptr(offset), GLsizeiptr(count), bytes)
    }
    static func genVertexArray() -> GLVertexArray { var v: GLuint = 0; epoxy_glGenVertexArrays(1, &v); return GLVertexArray(rawValue: v) }
    static func deleteVertexArray(_ v: GLVertexArray) { var v = v.rawValue; epoxy_glDeleteVertexArrays(1, &v) }
    static func bindVertexArray(_ v: GLVertexArray) { epoxy_glBindVertexArray(v.rawValue) }
    /// A float attribute `size` wide at `offset` bytes into records of `stride` bytes.
    static func floatAttribute(_ a: GLAttribute, size: Int, stride: Int, offset: Int, divisor: UInt32 = 0) {
        let index = a.rawValue
        epoxy_glEnableVertexAttribArray(index)
        epoxy_glVertexAttribPointer(index, GLint(size), GLenum(GL_FLOAT), GLboolean(GL_FALSE), GLsizei(stride), UnsafeRawPointer(bitPattern: offset))
        epoxy_glVertexAttribDivisor(index, divisor)
    }


    // MARK: - Drawing
    static func drawQuadsInstanced(_ instances: Int) {
        epoxy_glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(instances))
    }
    static func drawStripInstanced(vertices: Int, instances: Int) {
        epoxy_glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, GLsizei(vertices), GLsizei(instances))
    }
    static func drawTriangles(_ count: Int) { epoxy_glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(count)) }
    static func drawIndexedTriangles(first: Int, count: Int) {
        epoxy_glDrawElements(GLenum(GL_TRIANGLES), GLsizei(count), GLenum(GL_UNSIGNED_INT), UnsafeRawPointer(bitPattern: first * 4))
    }

    // MARK: - Textures
    static func genTexture() -> GLTexture { var t: GLuint = 0; epoxy_glGenTextures(1, &t); return GLTexture(rawValue: t) }
    static func deleteTexture(_ t: GLTexture) { var t = t.rawValue; epoxy_glDeleteTextures(1, &t) }
    static func bindTexture2D(_ t: GLTexture, unit: Int = 0) {
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), t.rawValue)
    }
    static func setLinearClamp() {
        let t = GLenum(GL_TEXTURE_2D)
        epoxy_glTexParameteri(t, GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        epoxy_glTexParameteri(t, GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        epoxy_glTexParameteri(t, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri(t, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }
    /// Single-channel 8-bit image (the glyph atlas).
    static func texImageR8(width: Int, height: Int, pixels: UnsafeRawPointer?) {
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), pixels)
    }
    /// Replaces whole rows `y..<y+height` of a single-channel texture.
    static func texSubImageR8(y: Int, width: Int, height: Int, pixels: UnsafeRawPointer) {
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        epoxy_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, GLint(y), GLsizei(width), GLsizei(height), GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), pixels)
    }
    /// RGBA8 image from `pixels` (tightly packed rows, top row first), or uninitialized when nil.
    static func texImageRGBA8(width: Int, height: Int, pixels: UnsafeRawPointer?) {
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
    }
    /// Replaces whole rows `y..<y+height` of an RGBA8 texture.
    static func texSubImageRGBA8(y: Int, width: Int, height: Int, pixels: UnsafeRawPointer) {
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        epoxy_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, GLint(y), GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
    }

    // MARK: - Framebuffers
    static func genFramebuffer() -> GLFramebuffer { var f: GLuint = 0; epoxy_glGenFramebuffers(1, &f); return GLFramebuffer(rawValue: f) }
    static func deleteFramebuffer(_ f: GLFramebuffer) { var f = f.rawValue; epoxy_glDeleteFramebuffers(1, &f) }
    static func bindFramebuffer(_ f: GLFramebuffer) { epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), f.rawValue) }
    /// The framebuffer bound for drawing (to bind it again after drawing into another).
    static var boundFramebuffer: GLFramebuffer {
        var v: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &v)
        return GLFramebuffer(rawValue: GLuint(v))
    }
    static func attachColorTexture(_ t: GLTexture) {
        epoxy_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), t.rawValue, 0)
    }
    static var framebufferComplete: Bool {
        epoxy_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE)
    }
    /// RGBA8 pixels of the bound framebuffer, bottom row first (GL's order).
    static func readPixelsRGBA(width: Int, height: Int, into buffer: UnsafeMutableRawPointer) {
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        epoxy_glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buffer)
    }

    // MARK: - Timer queries
    static func genQuery() -> GLQuery { var q: GLuint = 0; epoxy_glGenQueries(1, &q); return GLQuery(rawValue: q) }
    static func deleteQuery(_ q: GLQuery) { var q = q.rawValue; epoxy_glDeleteQueries(1, &q) }
    static func beginTimeElapsed(_ q: GLQuery) { epoxy_glBeginQuery(GLenum(GL_TIME_ELAPSED), q.rawValue) }
    static func endTimeElapsed() { epoxy_glEndQuery(GLenum(GL_TIME_ELAPSED)) }
    static func queryReady(_ q: GLQuery) -> Bool {
        var ready: GLint = 0
        epoxy_glGetQueryObjectiv(q.rawValue, GLenum(GL_QUERY_RESULT_AVAILABLE), &ready)
        return ready != 0
    }
    static func queryNanoseconds(_ q: GLQuery) -> UInt64 {
        var ns: GLuint64 = 0
        epoxy_glGetQueryObjectui64v(q.rawValue, GLenum(GL_QUERY_RESULT), &ns)
        return ns
    }
}
