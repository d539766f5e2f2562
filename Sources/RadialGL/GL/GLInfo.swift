/// Facts about the GL context, for `--version`, `bench` and errors.
public enum GLInfo {
    public static var renderer: String { GL.renderer }
    public static var version: String { GL.version }
    public static func finish() { GL.finish() }
}
