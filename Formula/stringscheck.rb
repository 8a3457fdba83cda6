# Homebrew formula (macOS). Install from this repository as a tap:
#   brew tap <owner>/stringscheck https://github.com/<owner>/stringscheck
#   brew install --HEAD stringscheck
class Stringscheck < Formula
  desc "Checks Apple localization files and push payload templates"
  homepage "https://github.com/<owner>/stringscheck"
  head "https://github.com/<owner>/stringscheck.git", branch: "main"

  # Swift 6.1 (Xcode 16.3) or later builds the package; libxml2 comes with macOS.
  depends_on xcode: ["16.3", :build]
  depends_on :macos
  uses_from_macos "libxml2"

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "stringscheck"
    bin.install ".build/release/stringscheck"
    generate_completions_from_executable(bin/"stringscheck", "--generate-completion-script")
  end

  test do
    (testpath/"en.lproj/Localizable.strings").write "\"greeting\" = \"Hello, %@\";\n"
    (testpath/"fr.lproj/Localizable.strings").write "\"greeting\" = \"Bonjour, %d\";\n"
    output = shell_output("#{bin}/stringscheck check --no-config #{testpath}", 1)
    assert_match "[format-argument-mismatch]", output
    assert_match(/^stringscheck \d+\.\d+\.\d+ \(commit /, shell_output("#{bin}/stringscheck --version"))
  end
end
