/// GL_TIME_ELAPSED queries, read back a few frames late so the CPU never waits for the GPU.
public enum TimerQuery {
    public static func make() -> GLQuery { GL.genQuery() }
    public static func release(_ q: GLQuery) { GL.deleteQuery(q) }
    public static func begin(_ q: GLQuery) { GL.beginTimeElapsed(q) }
    public static func end() { GL.endTimeElapsed() }
    public static func ready(_ q: GLQuery) -> Bool { GL.queryReady(q) }
    public static func nanoseconds(_ q: GLQuery) -> UInt64 { GL.queryNanoseconds(q) }
}
