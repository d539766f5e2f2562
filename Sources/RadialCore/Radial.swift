/// Facts about the library itself.
package enum Radial {
    /// The version of Radial, as `radial --version` prints it.
    package static let version = "0.1.0"
}
