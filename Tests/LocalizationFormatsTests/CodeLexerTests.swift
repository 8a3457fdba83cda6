import LocalizationFormats
import Testing

/// Each language's string literal grammar: the values the lexer decodes, and comments that
/// never become strings.
struct CodeLexerTests {
    static func strings(_ code: String, _ language: CodeLanguage) -> [String] {
        CodeLexer.tokens(of: Array(code.utf8), language: language).filter { $0.kind == .string }.map {
            // An interpolated literal's value is not known: only that it is one matters.
            $0.interpolated ? "~" : $0.text
        }
    }

    @Test(arguments: [
        // Python: prefixes, triple quotes with quotes inside, f-strings, `#` comments.
        (
            CodeLanguage.python, #"a = r"\d" + b'x' + '''it's "q"''' + f"{n} x" + f"{{y}}"  # "comment""#,
            [#"\d"#, "x", #"it's "q""#, "~", "{{y}}"]
        ),
        // JavaScript: a regular expression holding a quote, templates with and without holes.
        (.javascript, "const r = /\"x/g; const t = `a${b}c`; const u = `plain`; // 'c'", ["~", "plain"]),
        // Go: raw strings keep backslashes; runes are read as literals too.
        (.go, "s := `a\\n` + \"b\\n\" /* \"c\" */", ["a\\n", "b\n"]),
        // Swift: raw strings, interpolation in both kinds, multi-line, nested comments.
        (
            .swift, "let a = #\"x\\(y)\"# + #\"z\\#(w)\"# + \"\\(v)\" /* /* \"c\" */ \"d\" */\nlet m = \"\"\"\n    line\n    \"\"\"",
            ["x\\(y)", "~", "~", "line"]
        ),
        // Kotlin: `$name` interpolation; Java-like text blocks.
        (.kotlin, "val a = \"x $name\" + \"\"\"raw \\n\"\"\"", ["~", "raw \\n"]),
        (.java, "String a = \"\"\"\n    {\"k\": 1}\n    \"\"\"; char c = 'x';", ["{\"k\": 1}", "x"]),
        // C#: verbatim with doubled quotes, interpolated, preprocessor lines.
        (.csharp, "#region \"not a string\"\nvar a = @\"x\"\"y\" + $\"{n}z\" + $@\"{m}\";", ["x\"y", "~", "~"]),
        // Ruby: heredocs, `#{}` interpolation, `=begin` comments, `%w` lists.
        (.ruby, "a = <<~TEXT\n  \"in\"\n  TEXT\nb = \"#{x}y\" + 'z'\n=begin\n\"c\"\n=end\nc = %w[p q]", ["\"in\"", "~", "z", "p q"]),
        // PHP: `#[Attributes]` are not comments; `$var` interpolates; nowdoc does not.
        (.php, "#[Attr(\"a\")]\n$x = \"v $y\" . 'w' . <<<'EOT'\n$raw\nEOT;\n# \"c\"", ["a", "~", "w", "$raw"]),
    ])
    func decodesEachLanguagesLiterals(language: CodeLanguage, code: String, expected: [String]) {
        #expect(Self.strings(code, language) == expected)
    }

    @Test func anUnterminatedQuoteEndsAtItsLine() {
        // JSX text with an apostrophe must not swallow the next line's literal.
        #expect(Self.strings("<p>Don't</p>\nconst k = \"KEY\";", .javascript) == ["KEY"])
    }

    /// Unterminated literals nested in interpolations, 24 deep: each is read once, so this ends
    /// at once (read again at every level, it took 2^24 reads); the line's code after the outer
    /// quote is read as code, and the next line's literal is found.
    @Test func nestedUnterminatedInterpolationsAreReadOnce() {
        let line = String(repeating: "\"\\(", count: 24) + " x"
        #expect(Self.strings(line + "\nlet k = \"KEY\"", .swift).last == "KEY")
    }
}
