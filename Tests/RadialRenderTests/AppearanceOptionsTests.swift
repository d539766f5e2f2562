import Foundation
import RadialCLI
import RadialRender
import RadialWindow
import RadialText
import RadialCore
import RadialGL
import Testing

/// `--theme high-contrast`, `--palette`, and GNOME's high-contrast setting as the window's default.
@Suite("Theme and palette options", .serialized)
struct AppearanceOptionsTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "radial-appearance-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    /// Runs the radial binary with stderr captured (a child process: other suites running in
    /// parallel write to this process' stderr, so redirecting fd 2 here caught their lines too).
    private func run(_ args: [String]) -> (code: Int32, stderr: String) {
        guard let r = try? Tool.radial(args) else { return (-1, "could not run radial") }
        return (r.code, r.err)
    }

    @Test("An unknown --palette is one clear line, exit 2, nothing written", arguments: [
        (["render", "--demo", "pies", "--out", "OUT", "--palette", "okabe_ito"], #"radial: --palette expects system or okabe-ito; got "okabe_ito" (did you mean okabe-ito?)."#),
        (["render", "--demo", "pies", "--out", "OUT", "--palette", "viridis"], #"radial: --palette expects system or okabe-ito; got "viridis"."#),
        (["render", "--demo", "pies", "--out", "OUT", "--theme", "contrast"], #"radial: --theme expects light, dark or high-contrast; got "contrast"."#),
        (["show", "x.json", "--palette", "tableau"], #"radial: --palette expects system or okabe-ito; got "tableau"."#),
    ])
    func badValues(args: [String], message: String) {
        let out = dir + "/out.png"
        let r = run(args.map { $0 == "OUT" ? out : $0 })
        #expect(r.code == 2)
        #expect(r.stderr == message + "\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("render --theme high-contrast --palette okabe-ito draws the pies black on white in Okabe–Ito colors")
    func renderHighContrast() throws {
        let out = dir + "/pies.png", geo = dir + "/pies.json"
        let code = try GLTestContext.with { _ in
            RadialCommand.run(["render", "--demo", "pies", "--out", out, "--size", "400x760", "--at", "6",
                               "--theme", "high-contrast", "--palette", "okabe-ito", "--geometry", geo])
        }
        #expect(code == 0)
        let image = try PNGFile.read(out)
        let corner = image.pixel(2, 2)
        #expect(corner.r == 255 && corner.g == 255 && corner.b == 255)
        let json = try String(contentsOfFile: geo, encoding: .utf8)
        #expect(json.contains("\"theme\": \"high-contrast\""))
        // Okabe–Ito's orange, darkened to 3:1 on white by the theme.
        let orange = ChartColor.fixed(RGBA(hex: 0xE69F00)).resolved(.highContrast).hexString
        #expect(json.contains(orange))
    }

    @Test("gsettings' answer is read as a boolean; anything else is no answer", arguments: [
        ("true\n", true as Bool?), ("false\n", false), ("  true ", true), ("", nil),
        ("No such schema “org.gnome.desktop.a11y.interface”\n", nil), ("'true'", nil),
    ])
    func gsettingsBoolean(output: String, expected: Bool?) {
        #expect(DesktopSettings.boolean(output) == expected)
    }

    @Test("The window's theme: the flag, else the desktop's high contrast, else the page's, else light")
    func windowTheme() {
        #expect(DesktopSettings.windowTheme(flag: nil, page: nil, desktopHighContrast: true) == .highContrast)
        #expect(DesktopSettings.windowTheme(flag: nil, page: .dark, desktopHighContrast: true) == .highContrast)
        #expect(DesktopSettings.windowTheme(flag: .dark, page: nil, desktopHighContrast: true) == .dark)
        #expect(DesktopSettings.windowTheme(flag: nil, page: .dark, desktopHighContrast: false) == .dark)
        #expect(DesktopSettings.windowTheme(flag: nil, page: nil, desktopHighContrast: false) == .light)
    }
}
