import RadialCore

/// Why the GL side failed, in one sentence a user can act on.
public enum GLFailure: Error, CustomStringConvertible {
    case shaderMissing(String)
    case compile(shader: String, log: String)
    case link(program: String, log: String)
    case framebufferIncomplete(width: Int, height: Int)
    case glError(GLErrorCode, during: String)

    public var description: String {
        switch self {
        case .shaderMissing(let name): "The shader \(name) is not in the binary; rebuild Radial."
        case .compile(let s, let log): "The shader \(s) did not compile (GLSL 330 core): \(log)"
        case .link(let p, let log): "The program \(p) did not link: \(log)"
        case .framebufferIncomplete(let w, let h): "An offscreen framebuffer of \(w)×\(h) could not be made; try a smaller --size."
        case .glError(let e, let what): "OpenGL reported \(e) during \(what)."
        }
    }
}

/// A linked vertex + fragment program from `Shaders/NAME.vert` and `Shaders/NAME.frag`, with its
/// uniform locations looked up once.
final class GLProgram {
    let name: String
    private(set) var id: UInt32
    private var locations: [String: Int32] = [:]

    /// `vertex` names the vertex shader when it is not `name`'s own (two programs sharing one);
    /// `defines` are `#define`d at the top of the fragment shader (variants of one source).
    init(name: String, vertex: String? = nil, defines: [String] = [], uniforms: [String]) throws(GLFailure) {
        self.name = name + defines.map { "+" + $0 }.joined()
        let vertexName = (vertex ?? name) + ".vert"
        guard let vs = EmbeddedShaders.sources[vertexName] else { throw .shaderMissing(vertexName) }
        guard var fs = EmbeddedShaders.sources[name + ".frag"] else { throw .shaderMissing(name + ".frag") }
        if !defines.isEmpty, let endOfVersion = fs.firstIndex(of: "\n") {
            fs.insert(contentsOf: defines.map { "#define \($0) 1\n" }.joined(), at: fs.index(after: endOfVersion))
        }
        let v = GL.createShader(.vertex), f = GL.createShader(.fragment)
        defer { GL.deleteShader(v); GL.deleteShader(f) }
        GL.shaderSource(v, vs)
        let vr = GL.compileShader(v)
        guard vr.ok else { throw .compile(shader: vertexName, log: vr.log) }
        GL.shaderSource(f, fs)
        let fr = GL.compileShader(f)
        guard fr.ok else { throw .compile(shader: name + ".frag", log: fr.log) }
        id = GL.createProgram()
        GL.attach(id, v); GL.attach(id, f)
        let lr = GL.link(id)
        guard lr.ok else { GL.deleteProgram(id); throw .link(program: name, log: lr.log) }
        for u in uniforms { locations[u] = GL.uniformLocation(id, u) }
    }

    /// The location of a uniform named at creation (-1 if the compiler dropped it).
    func location(_ name: String) -> Int32 {
        guard let l = locations[name] else { preconditionFailure("uniform \(name) was not declared for \(self.name)") }
        return l
    }

    func use() { GL.useProgram(id) }

    /// Releases the program; the context must be current.
    func release() { if id != 0 { GL.deleteProgram(id); id = 0 } }
}
