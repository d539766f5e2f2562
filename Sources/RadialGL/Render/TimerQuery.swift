/// GL_TIME_ELAPSED queries, read back a few frames late so the CPU never waits for the GPU.
package enum TimerQuery {
    package static func make() -> GLQuery { GL.genQuery() }
    package static func release(_ q: GLQuery) { GL.deleteQuery(q) }
    package static func begin(_ q: GLQuery) { GL.beginTimeElapsed(q) }
    package static func end() { GL.endTimeElapsed() }
    package static func ready(_ q: GLQuery) -> Bool { GL.queryReady(q) }
    package static func nanoseconds(_ q: GLQuery) -> UInt64 { GL.queryNanoseconds(q) }
}
