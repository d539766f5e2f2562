import Foundation
import RadialWindow
import RadialRender
import RadialGL
import RadialText
import RadialCore

/// `radial completions bash|zsh`: completion scripts made from the commands' help texts, so a
/// new option completes as soon as its help line exists.
enum Completions {
    static let help = """
        Usage: radial completions bash|zsh

        Prints a completion script. `make install` puts them where bash and zsh find them; by hand:
          radial completions bash > ~/.local/share/bash-completion/completions/radial
          radial completions zsh > ~/.zfunc/_radial   (with fpath+=~/.zfunc before compinit)
        """

    static func script(for arguments: [String]) throws(UsageError) -> String {
        guard arguments.count == 1 else { throw UsageError("`radial completions` takes one shell: bash or zsh.") }
        switch arguments[0] {
        case "bash": return bash()
        case "zsh": return zsh()
        default:
            throw UsageError("There are no completions for \"\(arguments[0])\"; radial has them for bash and zsh.")
        }
    }

    /// Values an option completes to: choices spelled in its help, demos, files.
    private static func valueWords(_ o: CommandInfo.Option) -> String? {
        if o.name == "--demo" { return Demo.allCases.map(\.rawValue).joined(separator: " ") }
        let c = o.choices
        return c.isEmpty ? nil : c.joined(separator: " ")
    }

    static func bash() -> String {
        let commands = RadialCommand.commands
        let gallery = CommandInfo.parseOptions(in: RadialCommand.galleryHelp) + [.init(name: "--help", summary: ""), .init(name: "--version", summary: "")]
        var cases = ""
        for c in commands {
            cases += "    \(c.name)) opts=\"\(c.options.map(\.name).joined(separator: " ")) --help\" ;;\n"
        }
        var values = ""
        var seen = Set<String>()
        for o in (commands.flatMap(\.options) + gallery) where !seen.contains(o.name) {
            seen.insert(o.name)
            if let words = valueWords(o) {
                values += "    \(o.name)) COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\")); return ;;\n"
            } else if let v = o.value, ["PATH", "OUT.png", "OUT.json", "FILE", "DIR"].contains(where: v.contains) {
                values += "    \(o.name)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
            } else if o.value != nil {
                values += "    \(o.name)) return ;;\n"
            }
        }
        return """
            # bash completion for radial (made by `radial completions bash`)
            _radial() {
              local cur prev opts
              cur=${COMP_WORDS[COMP_CWORD]}
              prev=${COMP_WORDS[COMP_CWORD-1]}
              case $prev in
            \(values)  esac
              if [[ $COMP_CWORD == 1 ]]; then
                if [[ $cur == -* ]]; then
                  COMPREPLY=($(compgen -W "\(gallery.map(\.name).joined(separator: " "))" -- "$cur"))
                else
                  COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur") $(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur"))
                fi
                return
              fi
              case ${COMP_WORDS[1]} in
            \(cases)    *) opts="" ;;
              esac
              if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W "$opts" -- "$cur"))
              else
                COMPREPLY=($(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur"))
              fi
            }
            complete -o filenames -F _radial radial
            """
    }

    static func zsh() -> String {
        func quote(_ s: String) -> String { s.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:") }
        func spec(_ o: CommandInfo.Option) -> String {
            guard o.name.hasPrefix("--") else { return "'\(o.name)[\(quote(o.summary))]'" }
            guard o.value != nil else { return "'\(o.name)[\(quote(o.summary))]'" }
            let action = valueWords(o).map { "(\($0))" } ?? ((o.value ?? "").contains("PATH") || (o.value ?? "").contains("OUT") ? "_files" : " ")
            return "'*\(o.name)=[\(quote(o.summary))]:\(quote(o.value ?? "value")):\(action)'"
        }
        let commands = RadialCommand.commands
        var cases = ""
        for c in commands {
            let specs = (c.options.map(spec) + ["'*:chart file:_files -g \"*.json\"'"]).joined(separator: " \\\n        ")
            cases += "    \(c.name))\n      _arguments \\\n        \(specs) ;;\n"
        }
        let described = commands.map { "'\($0.name):\(quote($0.summary))'" }.joined(separator: " ")
        return """
            #compdef radial
            # zsh completion for radial (made by `radial completions zsh`)
            _radial() {
              if (( CURRENT == 2 )); then
                local -a commands
                commands=(\(described))
                _describe 'command' commands
                _files -g '*.json'
                return
              fi
              case $words[2] in
            \(cases)  esac
            }
            _radial "$@"
            """
    }
}
