import Foundation
import RadialCore

/// `radial completions bash|zsh`: completion scripts made from `CommandTable` and
/// `OptionTable`, so an option completes as soon as it is in the table.
enum Completions {
    static func script(for arguments: [String]) throws(UsageError) -> String {
        guard arguments.count == 1 else { throw UsageError("`radial completions` takes one shell: bash or zsh.") }
        switch arguments[0] {
        case "bash": return bash()
        case "zsh": return zsh()
        default:
            throw UsageError.invalidValue(option: "`radial completions`", value: arguments[0], expected: "bash or zsh",
                                          suggestion: Spec.suggestion(for: arguments[0], among: ["bash", "zsh"]))
        }
    }

    /// The words to complete after `--option`: its choices, or nil for a file, a folder or free text.
    static func words(_ o: Option) -> [String] { o.value?.words ?? [] }

    static func bash() -> String {
        let commands = CommandTable.visible
        let gallery = CommandTable.gallery.options.flatMap(\.spellings) + ["--version"]
        var cases = ""
        for c in commands {
            let operands: String = switch c.operands {
            case .words(let w): "compgen -W \"\(w.joined(separator: " "))\" -- \"$cur\""
            case .commands: "compgen -W \"\(commands.map(\.name).joined(separator: " "))\" -- \"$cur\""
            case .files: "compgen -f -- \"$cur\""
            case .none: ""
            }
            cases += "    \(c.name)) opts=\"\(c.options.flatMap(\.spellings).joined(separator: " "))\"; words=$(\(operands.isEmpty ? "true" : operands)) ;;\n"
        }
        var values = ""
        for o in OptionTable.all {
            guard let v = o.value else { continue }
            let pattern = o.spellings.joined(separator: "|")
            switch v {
            case .choice, .textOr: values += "    \(pattern)) COMPREPLY=($(compgen -W \"\(words(o).joined(separator: " "))\" -- \"$cur\")); return ;;\n"
            case .file: values += "    \(pattern)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
            case .folder: values += "    \(pattern)) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n"
            case .text: values += "    \(pattern)) return ;;\n"
            }
        }
        return """
            # bash completion for radial (made by `radial completions bash`)
            _radial() {
              local cur prev opts words
              cur=${COMP_WORDS[COMP_CWORD]}
              prev=${COMP_WORDS[COMP_CWORD-1]}
              case $prev in
            \(values)  esac
              if [[ $COMP_CWORD == 1 ]]; then
                if [[ $cur == -* ]]; then
                  COMPREPLY=($(compgen -W "\(gallery.joined(separator: " "))" -- "$cur"))
                else
                  COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur") $(compgen -f -- "$cur"))
                fi
                return
              fi
              case ${COMP_WORDS[1]} in
            \(cases)    *) opts=""; words=$(compgen -f -- "$cur") ;;
              esac
              if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W "$opts" -- "$cur"))
              else
                COMPREPLY=($words)
              fi
            }
            complete -o filenames -F _radial radial
            """
    }

    static func zsh() -> String {
        func quote(_ s: String) -> String {
            s.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
                .replacingOccurrences(of: ":", with: "\\:")
        }
        func spec(_ o: Option) -> [String] {
            let star = o.repeatable ? "*" : ""
            return o.spellings.map { name in
                guard let v = o.value else { return "'\(star)\(name)[\(quote(o.summary))]'" }
                let action: String = switch v {
                case .choice, .textOr: "(\(words(o).map(quote).joined(separator: " ")))"
                case .file: "_files"
                case .folder: "_files -/"
                case .text: " "
                }
                return "'\(star)\(name)\(name.hasPrefix("--") ? "=" : "")[\(quote(o.summary))]:\(quote(v.placeholder)):\(action)'"
            }
        }
        let commands = CommandTable.visible
        var cases = ""
        for c in commands {
            let operand: String = switch c.operands {
            case .words(let w): "'1:\(c.name == "completions" ? "shell" : "word"):(\(w.joined(separator: " ")))'"
            case .commands: "'1:command:(\(commands.map(\.name).joined(separator: " ")))'"
            case .files: "'*:chart file:_files'"
            case .none: ""
            }
            let specs = (c.options.flatMap(spec) + (operand.isEmpty ? [] : [operand])).joined(separator: " \\\n        ")
            cases += "    \(c.name))\n      _arguments \\\n        \(specs) ;;\n"
        }
        let described = commands.map { "'\($0.name):\(quote($0.summary))'" }.joined(separator: " ")
        let gallery = (CommandTable.gallery.options.flatMap(spec) + ["'--version[the version]'"]).joined(separator: " ")
        return """
            #compdef radial
            # zsh completion for radial (made by `radial completions zsh`)
            _radial() {
              if (( CURRENT == 2 )); then
                local -a commands
                commands=(\(described))
                if [[ $words[CURRENT] == -* ]]; then
                  _arguments \(gallery)
                else
                  _describe 'command' commands
                  _files
                fi
                return
              fi
              case $words[2] in
            \(cases)  esac
            }
            _radial "$@"
            """
    }
}
