/// A GL buffer of per-instance floats that is re-uploaded only when its contents change.
///
/// Each frame the renderer writes the instances into `scratch`; `commit()` compares them with
/// what the GPU already has and uploads only on a difference, so a settled chart uploads nothing.
final class InstanceStream {
    private(set) var buffer = GLBuffer.none
    var scratch: [Float] = []
    private var uploaded: [Float] = []
    private var capacityBytes = 0
    /// Bytes sent to the GPU by the last `commit()`.
    private(set) var lastUploadBytes = 0

    init(reserve floats: Int) {
        buffer = GL.genBuffer()
        scratch.reserveCapacity(floats)
        uploaded.reserveCapacity(floats)
    }

    func begin() { scratch.removeAll(keepingCapacity: true) }

    @inline(__always) func append(_ a: Float, _ b: Float, _ c: Float, _ d: Float) {
        scratch.append(a); scratch.append(b); scratch.append(c); scratch.append(d)
    }

    func commit() {
        lastUploadBytes = 0
        if scratch == uploaded { return }
        let bytes = scratch.count * 4
        GL.bindBuffer(.array, buffer)
        scratch.withUnsafeBytes { raw in
            // Orphan the old storage before writing: the GPU (llvmpipe's threads) may still be
            // reading last frame's instances, and writing into them would make the driver wait.
            capacityBytes = max(bytes, capacityBytes, 4096)
            GL.bufferData(.array, bytes: nil, count: capacityBytes, dynamic: true)
            if bytes > 0, let base = raw.baseAddress { GL.bufferSubData(.array, offset: 0, bytes: base, count: bytes) }
        }
        lastUploadBytes = bytes
        swap(&scratch, &uploaded)
        // `scratch` now holds the previous upload; the caller rewrites it next frame.
    }

    func release() { if !buffer.isNone { GL.deleteBuffer(buffer); buffer = .none } }
}
