/// The inputs of a vertex shader: float attributes at consecutive locations from `firstLocation`,
/// packed in this order into records of `floatsPerRecord` floats (one a vertex, or one an
/// instance for the instanced batches, whose location 0 is the unit quad's corner or nothing
/// when the shader builds positions from gl_VertexID).
///
/// One description used three ways: packing writes records in this order, binding points the
/// attributes at these offsets, and the shader's declarations are generated from it
/// (`ProgramSource` replaces the vertex shader's `// @inputs` line).
struct VertexLayout: Sendable {
    struct Attribute: Sendable {
        var name: String
        var floats: Int
        var comment: String
    }
    let firstLocation: UInt32
    let attributes: [Attribute]

    /// Instance attributes: `vec4`s from location 1.
    static func instances(_ vec4s: [(String, String)]) -> VertexLayout {
        VertexLayout(firstLocation: 1, attributes: vec4s.map { Attribute(name: $0.0, floats: 4, comment: $0.1) })
    }
    init(firstLocation: UInt32, attributes: [Attribute]) { self.firstLocation = firstLocation; self.attributes = attributes }

    var floatsPerRecord: Int { attributes.reduce(0) { $0 + $1.floats } }
    var strideBytes: Int { 4 * floatsPerRecord }

    var glslDeclarations: String {
        attributes.enumerated().map { i, a in
            let type = a.floats == 1 ? "float" : "vec\(a.floats)"
            return "layout(location = \(firstLocation + UInt32(i))) in \(type) \(a.name);   // \(a.comment)"
        }.joined(separator: "\n")
    }

    /// Points the bound vertex array's attributes at records in the bound array buffer,
    /// starting `firstRecord` records in.
    func point(firstRecord: Int = 0, divisor: UInt32 = 0) {
        var offset = firstRecord * strideBytes
        for (i, a) in attributes.enumerated() {
            GL.floatAttribute(GLAttribute(firstLocation + UInt32(i)), size: a.floats, stride: strideBytes, offset: offset, divisor: divisor)
            offset += 4 * a.floats
        }
    }
}

/// The unit quad (0,0)…(1,1) as a triangle strip, shared by the instanced batches.
final class UnitQuad {
    private(set) var buffer: GLBuffer
    init() {
        buffer = GL.genBuffer()
        GL.bindBuffer(.array, buffer)
        let quad: [Float] = [0, 0, 1, 0, 0, 1, 1, 1]
        quad.withUnsafeBytes { GL.bufferData(.array, bytes: $0.baseAddress, count: $0.count, dynamic: false) }
    }
    func release() { if !buffer.isNone { GL.deleteBuffer(buffer); buffer = .none } }
}

/// An instance stream with its own vertex array, laid out by an `InstanceLayout`: what every
/// instanced batch draws from. GL 3.3 has no base instance, so drawing from instance `first`
/// re-points the instance attributes (only when `first` changed since the last draw).
final class InstancedVertices {
    let layout: VertexLayout
    let stream: InstanceStream
    private(set) var vertexArray: GLVertexArray
    private var pointedAt = -1

    /// `quad`: the unit quad at location 0, or nil for shaders that use gl_VertexID.
    init(_ layout: VertexLayout, quad: UnitQuad?, reserve instances: Int) {
        self.layout = layout
        stream = InstanceStream(reserve: instances * layout.floatsPerRecord)
        vertexArray = GL.genVertexArray()
        GL.bindVertexArray(vertexArray)
        if let quad {
            GL.bindBuffer(.array, quad.buffer)
            GL.floatAttribute(GLAttribute(0), size: 2, stride: 8, offset: 0)
        }
        GL.bindVertexArray(.none)
    }

    /// Binds the vertex array with the instance attributes starting at instance `first`.
    func bind(first: Int) {
        GL.bindVertexArray(vertexArray)
        guard first != pointedAt else { return }
        GL.bindBuffer(.array, stream.buffer)
        layout.point(firstRecord: first, divisor: 1)
        pointedAt = first
    }

    /// Instances written since `begin`.
    var count: Int { stream.scratch.count / layout.floatsPerRecord }

    func release() {
        stream.release()
        if !vertexArray.isNone { GL.deleteVertexArray(vertexArray); vertexArray = .none }
    }
}
