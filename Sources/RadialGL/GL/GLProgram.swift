import Foundation
import RadialCore

/// Why the GL side failed, in one sentence a user can act on.
package enum GLFailure: Error, CustomStringConvertible {
    case shaderMissing(String)
    case compile(shader: String, log: String)
    case link(program: String, log: String)
    case uniformMissing(program: String, uniform: String)
    case framebufferIncomplete(width: Int, height: Int)
    case glError(GLErrorCode, during: String)
    case context(String)

    package var description: String {
        switch self {
        case .shaderMissing(let name): "The shader \(name) is not in the binary; rebuild Radial."
        case .compile(let s, let log): "The shader \(s) did not compile (GLSL 330 core): \(log)"
        case .link(let p, let log): "The program \(p) did not link: \(log)"
        case .uniformMissing(let p, let u): "The program \(p) has no active uniform \(u); the shader and its batch disagree — rebuild Radial."
        case .framebufferIncomplete(let w, let h): "An offscreen framebuffer of \(w)×\(h) could not be made; try a smaller --size."
        case .glError(let e, let what): "OpenGL reported \(e) during \(what)."
        case .context(let why): why
        }
    }
}

/// The sources of one program: which embedded shaders, what is `#define`d into both stages, and
/// the vertex layout whose declarations replace the vertex shader's `// @inputs` line.
/// The render tests validate exactly these sources with glslangValidator.
struct ProgramSource: Sendable {
    var name: String
    var vertex: String
    var fragment: String
    var defines: [(String, String)] = []
    var inputs: VertexLayout?

    init(_ name: String, vertex: String? = nil, fragment: String? = nil, defines: [(String, String)] = [], inputs: VertexLayout? = nil) {
        self.name = name; self.vertex = (vertex ?? name) + ".vert"; self.fragment = (fragment ?? name) + ".frag"
        self.defines = defines; self.inputs = inputs
    }

    static let marker = "// @inputs"
    static let patternMarker = "// @pattern"

    /// The vertex and fragment source as compiled.
    func sources() throws(GLFailure) -> (vertex: String, fragment: String) {
        guard var vs = EmbeddedShaders.sources[vertex] else { throw .shaderMissing(vertex) }
        guard var fs = EmbeddedShaders.sources[fragment] else { throw .shaderMissing(fragment) }
        if let layout = inputs {
            guard vs.contains(Self.marker) else { throw .compile(shader: vertex, log: "no \(Self.marker) line for the instance layout") }
            vs = vs.replacingOccurrences(of: Self.marker, with: layout.glslDeclarations)
        }
        // The pattern functions (issue #37), where a stage asks for them.
        if vs.contains(Self.patternMarker) { vs = vs.replacingOccurrences(of: Self.patternMarker, with: EmbeddedShaders.sources["pattern_vert.glsl"] ?? "") }
        if fs.contains(Self.patternMarker) { fs = fs.replacingOccurrences(of: Self.patternMarker, with: EmbeddedShaders.sources["pattern_frag.glsl"] ?? "") }
        let lines = defines.map { "#define \($0.0) \($0.1)\n" }.joined()
        if !lines.isEmpty {
            vs = Self.inserting(lines, afterVersionOf: vs)
            fs = Self.inserting(lines, afterVersionOf: fs)
        }
        return (vs, fs)
    }

    private static func inserting(_ text: String, afterVersionOf source: String) -> String {
        guard let end = source.firstIndex(of: "\n") else { return source }
        var s = source
        s.insert(contentsOf: text, at: s.index(after: end))
        return s
    }
}

/// Looks uniforms up in a just-linked program, once. A name the program does not have is an
/// error at link time (`require`), unless the stage that uses it may be compiled out (`optional`).
struct UniformResolver {
    let program: GLProgramName
    let name: String
    func require(_ uniform: String) throws(GLFailure) -> GLUniform {
        let l = GL.uniformLocation(program, uniform)
        guard l.rawValue >= 0 else { throw .uniformMissing(program: name, uniform: uniform) }
        return l
    }
    func optional(_ uniform: String) -> GLUniform { GL.uniformLocation(program, uniform) }
}

/// A program's uniform locations as a struct of named fields, resolved when it links.
protocol ProgramUniforms {
    init(_ resolve: UniformResolver) throws(GLFailure)
}

/// The uniform every instanced program has.
/// Uniforms of a program whose vertex shader takes `u_viewport`, as every batch's does.
protocol ViewportProgramUniforms: ProgramUniforms {
    var viewport: GLUniform { get }
}

extension GLProgram where U: ViewportProgramUniforms {
    /// Makes the program current with the frame's viewport set: the first step of every draw.
    func use(_ viewport: Viewport) {
        use()
        GL.uniform(uniforms.viewport, viewport.width, viewport.height)
    }
}

struct ViewportUniforms: ViewportProgramUniforms {
    let viewport: GLUniform
    init(_ r: UniformResolver) throws(GLFailure) { viewport = try r.require("u_viewport") }
}

/// A linked vertex + fragment program with its uniforms resolved into `U`.
final class GLProgram<U: ProgramUniforms> {
    let label: String
    private(set) var name: GLProgramName
    let uniforms: U

    init(_ source: ProgramSource) throws(GLFailure) {
        label = source.name
        let (vs, fs) = try source.sources()
        let v = GL.createShader(.vertex), f = GL.createShader(.fragment)
        defer { GL.deleteShader(v); GL.deleteShader(f) }
        GL.shaderSource(v, vs)
        let vr = GL.compileShader(v)
        guard vr.ok else { throw .compile(shader: source.vertex, log: vr.log) }
        GL.shaderSource(f, fs)
        let fr = GL.compileShader(f)
        guard fr.ok else { throw .compile(shader: source.fragment, log: fr.log) }
        let id = GL.createProgram()
        GL.attach(id, v); GL.attach(id, f)
        let lr = GL.link(id)
        guard lr.ok else { GL.deleteProgram(id); throw .link(program: source.name, log: lr.log) }
        do { uniforms = try U(UniformResolver(program: id, name: source.name)) } catch { GL.deleteProgram(id); throw error }
        name = id
    }

    func use() { GL.useProgram(name) }

    /// Releases the program; the context must be current.
    func release() { if !name.isNone { GL.deleteProgram(name); name = .none } }
}

/// A program compiled the first time a frame needs it (start-up compiles nothing a page never shows).
struct LazyProgram<U: ProgramUniforms> {
    let source: ProgramSource
    private(set) var program: GLProgram<U>?
    init(_ source: ProgramSource) { self.source = source }
    mutating func get() throws(GLFailure) -> GLProgram<U> {
        if let p = program { return p }
        let p = try GLProgram<U>(source)
        program = p
        return p
    }
    mutating func release() { program?.release(); program = nil }
}
