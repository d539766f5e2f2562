/// Facts about the library itself.
public enum Radial {
    /// The version of Radial, as `radial --version` prints it.
    public static let version = "0.1.0"
}
