import Foundation
import RadialCore

/// Every command of `radial`, once: the parser, `radial help`, the man page and the completions
/// read this list and `OptionTable`. What each command does when it runs is in
/// `Commands/CommandRuns.swift`, so that this table and the parser need nothing but RadialCore
/// (`make fuzz TARGET=options` builds them alone).
enum CommandTable {
    /// `radial` alone, or with only options: the gallery of demos.
    static let gallery = CommandSpec(
        "radial", "the built-in gallery in a window (" + Demo.allCases.map(\.rawValue).joined(separator: ", ") + ")",
        usage: [usageLine(["--size", "--theme", "--palette", "--reduce-motion", "--locale"])],
        about: ["Opens the built-in demos in a window (1-\(Demo.allCases.count), Page Up, Page Down switch them; H lists the keys)."],
        groups: [.appearance], extra: ["--size"], operands: .none
    )

    static let show = CommandSpec(
        "show", "your charts in a window; reloads when a file changes",
        usage: ["show (FILE... | --demo NAME...) [options]"],
        about: ["Opens the charts of each FILE (or - for standard input: a stream of pages and updates) as a page",
                "of a window (switch with 1-9 or Page Up/Down) and reloads a page when its file changes:",
                "valid edits animate to the new data, invalid ones keep the last good chart and show what is",
                "wrong. A named pipe is read as a stream. Press H in the window for the keys."],
        groups: [.input, .table, .appearance], extra: ["--size"]
    )

    static let render = CommandSpec(
        "render", "one frame offscreen to " + OptionTable.orList(OptionTable.stillFormats.map { ["jpg": "JPEG", "webp": "WebP"][$0] ?? $0.uppercased() })
            + " (or many, with --out-dir)",
        usage: ["render (FILE | - | --demo NAME) --out OUT." + OptionTable.stillFormats.joined(separator: "|.") + " [options]",
                "render FILE... [--demo NAME]... --out-dir DIR [options]"],
        about: ["Renders one frame offscreen, with no display needed (EGL). With --out-dir, renders many in",
                "one process to DIR/NAME.png (." + OptionTable.stillFormats.dropFirst().joined(separator: ", .") + ": --format), each named after its input; every input",
                "is read first, so one bad file means nothing is written."],
        groups: [.input, .table, .appearance, .frame, .time, .output, .still, .interaction]
    )

    static let record = CommandSpec(
        "record", "the animation to MP4, WebM, GIF, WebP, APNG or numbered PNGs",
        usage: ["record (FILE | - | --demo NAME) --out OUT." + OptionTable.videoFormats.joined(separator: "|.") + "|DIR [options]"],
        about: ["Records the page's animation frame by frame at exact times from + i/fps (the same pictures as",
                "`radial render --at`, without the window's controls). Encoding is done by the ffmpeg command",
                "(Debian: ffmpeg); a folder of PNGs needs none."],
        groups: [.input, .table, .appearance, .frame, .output, .recording]
    )

    static let bench = CommandSpec(
        "bench", "frame times against the machine's floor",
        usage: ["bench (FILE | --demo NAME | --scene floor) [options]", "bench --startup [--rounds N]", "bench --stream [--size WxH] [--offscreen]"],
        about: ["Runs the animation on the fixed-step clock (1/60 s a frame) with vsync off and reports frame",
                "times; `--scene floor` draws nothing but clear + swap: the limit of the machine at that size."],
        groups: [.input, .table, .appearance, .bench, .startup], extra: ["--size"]
    )

    static let describe = CommandSpec(
        "describe", "the accessibility text on stdout",
        usage: ["describe (FILE | - | --demo NAME) [options]"],
        about: ["Prints what a screen reader says about each chart, as the window's accessibility tree and",
                "`--geometry` say it (the theme, palette and motion options change nothing in it)."],
        groups: [.input, .table, .appearance]
    )

    static let listen = CommandSpec(
        "listen", "the charts as sound: an audio graph to WAV, Ogg or MP3",
        usage: ["listen (FILE | - | --demo NAME) --out OUT.wav|.ogg|.mp3 [options]"],
        about: ["Writes the charts as an audio graph: a short tone per element, pitch by its value on the chart's",
                "scale (200-1600 Hz, log), left to right by where it sits; a radar series axis by axis clockwise",
                "from 12 o'clock, then the next series; a pie sector by sector; a scan's contacts in beam order.",
                "A missing value buzzes. 44.1 kHz stereo; .ogg and .mp3 are encoded by ffmpeg."],
        groups: [.input, .table, .appearance, .sound], extra: ["--out"]
    )

    static let completions = CommandSpec(
        "completions", "shell completions for bash or zsh",
        usage: ["completions bash|zsh"],
        about: ["Prints a completion script. `make install` puts them where bash and zsh find them; by hand:",
                "  radial completions bash > ~/.local/share/bash-completion/completions/radial",
                "  radial completions zsh > ~/.zfunc/_radial   (with fpath+=~/.zfunc before compinit)"],
        groups: [], operands: .words(["bash", "zsh"])
    )

    static let help = CommandSpec(
        "help", "this help, or a command's",
        usage: ["help [COMMAND] | --help | --version"],
        about: ["Prints the help of COMMAND, or the general help."],
        groups: [], operands: .commands
    )

    /// radial(1) in roff, for `make install`.
    static let manpage = CommandSpec("manpage", "the man page", usage: ["manpage"], groups: [], operands: .none, hidden: true)

    /// `bench --startup`'s reference program.
    static let bare = CommandSpec("__bare", "a bare GL program", usage: ["__bare egl|glx|glfw"], groups: [], operands: .words([]), hidden: true)

    /// `radial gallery`: the gallery by name.
    static let galleryByName = CommandSpec("gallery", gallery.summary, usage: ["gallery [options]"], about: gallery.about,
                                           groups: [.appearance], extra: ["--size"], operands: .none, hidden: true)

    /// `[--size WxH] [--theme light|dark|high-contrast] …`, from the table.
    static func usageLine(_ names: [String]) -> String {
        names.compactMap(OptionTable.named).map { "[" + $0.name + ($0.value.map { " " + $0.placeholder } ?? "") + "]" }.joined(separator: " ")
    }

    static let all: [CommandSpec] = [show, render, record, bench, describe, listen, completions, help, manpage, bare, galleryByName]

    /// The commands help, completions and the man page list.
    static var visible: [CommandSpec] { all.filter { !$0.hidden } }

    static func named(_ name: String) -> CommandSpec? { name == "radial" ? gallery : all.first { $0.name == name } }

    static func unknownCommand(_ name: String) -> UsageError {
        let names = visible.map(\.name)
        return .unknownCommand(name: name, suggestion: Spec.suggestion(for: name, among: names), commands: names)
    }
}
