/// Facts about the GL context, for `--version`, `bench` and errors.
package enum GLInfo {
    package static var renderer: String { GL.renderer }
    package static var version: String { GL.version }
    package static func finish() { GL.finish() }
}
