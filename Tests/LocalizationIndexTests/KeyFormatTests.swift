import Foundation
import LocalizationFormats
import TestSupport
import Testing

@testable import LocalizationIndex

/// The compact containers behind `KeyFormat`: they must behave as the dictionary and array they
/// replaced, in argument order.
struct KeyFormatTests {
    static func use(_ signature: String, _ text: String) -> ArgumentUse {
        ArgumentUse(signature: signature, text: text, textIndex: 0, offset: 0)
    }

    @Test func argumentListKeepsArgumentOrderAndActsAsADictionary() {
        var list = ArgumentList()
        list[3] = Self.use("object", "%3$@")
        list[1] = Self.use("int", "%1$d")
        list[2] = Self.use("double", "%2$f")
        #expect(list.keys == [1, 2, 3])
        #expect(list.map(\.value.text) == ["%1$d", "%2$f", "%3$@"])
        #expect(list[2]?.signature == "double")
        #expect(list[4] == nil)
        list[2] = Self.use("int:64", "%2$ld")
        #expect(list.count == 3 && list[2]?.text == "%2$ld")
        list[1] = nil
        list[9] = nil
        #expect(list.keys == [2, 3])
        #expect(list.highestArgument == 3)
        #expect(ArgumentList().highestArgument == 0 && ArgumentList().isEmpty)
    }

    @Test func longArgumentListsAgreeWithADictionary() {
        // Past eight entries the list searches by halves: random sets, removals and reads against
        // a Dictionary, on lists that grow to a few hundred arguments.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            var list = ArgumentList()
            var model: [Int: String] = [:]
            for step in 0..<600 {
                let argument = Int.random(in: 1...300, using: &generator)
                if step % 5 == 4 {
                    list[argument] = nil
                    model[argument] = nil
                } else {
                    list[argument] = Self.use("object", "%\(argument)$@")
                    model[argument] = "%\(argument)$@"
                }
                let probe = Int.random(in: 0...301, using: &generator)
                #expect(list[probe]?.text == model[probe])
            }
            #expect(list.keys == model.keys.sorted())
            #expect(list.map(\.value.text) == model.keys.sorted().compactMap { model[$0] })
            #expect(list.highestArgument == (model.keys.max() ?? 0))
        }
    }

    @Test func literalPercentSignsKeepTheWritersArgumentNumbers() {
        let context = ProjectIndex(
            project: Check.project([("en.lproj/Localizable.strings", "\"a\" = \"50% off %@, 20% more %@, 9% x\";\n")]))
        let message = context.texts[0]
        // '% o', '% m' and '% x' read as literal percent signs: the two '%@' stay arguments 1 and 2,
        // at their offsets in the text as written.
        let intended = LocalizedTextBuilder.intendedSpecifiers(message).filter { $0.0.conversion == "@" }
        #expect(intended.map(\.0.argument) == [1, 2])
        #expect(intended.map(\.1) == [8, 21])
    }

    @Test func readsLikeComparesNumbersTypesAndSizesOnly() {
        let base: ArgumentList = [1: Self.use("object", "%@"), 2: Self.use("int:64", "%ld")]
        let reordered: ArgumentList = [2: Self.use("int:64", "%2$ld"), 1: Self.use("object", "%1$@")]
        let wrongSize: ArgumentList = [1: Self.use("object", "%@"), 2: Self.use("int", "%d")]
        let fewer: ArgumentList = [1: Self.use("object", "%@")]
        #expect(base.readsLike(reordered))
        #expect(!base.readsLike(wrongSize))
        #expect(!base.readsLike(fewer) && !fewer.readsLike(base))
    }

    /// A table's keys are numbered by the base locale and shared by every locale: a key only a
    /// translation has is kept by name, a key it lacks reads as absent, and the pairs are read by
    /// number, falling back to `Base` by name for a key the base locale lacks.
    @Test func tableFormatsShareTheBaseNumbersAndKeepOtherKeysByName() throws {
        let context = ProjectIndex(
            project: Check.project([
                ("en.lproj/Localizable.strings", "\"a\" = \"%@ and %d\";\n\"b\" = \"plain\";\n"),
                ("Base.lproj/Localizable.strings", "\"z\" = \"%@\";\n"),
                ("de.lproj/Localizable.strings", "\"a\" = \"%d und %@\";\n\"z\" = \"%d\";\n\"only\" = \"%@\";\n"),
            ]))
        let byLocale = try #require(context.formats["Localizable"])
        let en = try #require(byLocale["en"])
        let de = try #require(byLocale["de"])
        #expect(Set(en.keys.keys) == ["a", "b"])
        #expect(de.keys === en.keys)
        #expect(de["a"]?.arguments(in: context.texts).keys == [1, 2] && de["b"] == nil && de["only"]?.argumentCount == 1)
        var seen: [String: Int?] = [:]
        de.forEach { key, number, _ in seen[key] = number }
        #expect(seen.count == 3 && seen["a"] == en.keys.number(of: "a") && seen["z"] == .some(nil))
        #expect(byLocale["Base"]?.keys === en.keys)
        let pairs = context.formatPairs.filter { $0.locale == "de" }.map(\.key).sorted()
        #expect(pairs == ["a", "z"], "'a' reads int and object the other way round; 'z' differs from Base")
    }

    @Test func messageIndexesHoldTheFirstInlineAndTheRestInOrder() {
        var indexes: TextIndexes = []
        #expect(indexes.isEmpty && indexes.first == nil)
        indexes.append(7)
        #expect(Array(indexes) == [7])
        indexes.append(9)
        indexes.append(11)
        #expect(Array(indexes) == [7, 9, 11] && indexes.count == 3 && indexes[2] == 11)
        let literal: TextIndexes = [4, 5]
        #expect(Array(literal) == [4, 5])
    }

    /// Payload lookups say up front whether any locale lacks the key (or has an entry that does
    /// not load) and whether any reads a printed argument as a non-object; the rules skip the
    /// others on these flags, so a false must be sure.
    @Test func payloadLookupsSummariseTheirLocales() {
        let context = ProjectIndex(
            project: Check.project([
                ("en.lproj/Localizable.strings", "\"full\" = \"%@ ok\";\n\"gap\" = \"%@\";\n\"num\" = \"%@\";\n"),
                ("de.lproj/Localizable.strings", "\"full\" = \"%@ gut\";\n\"num\" = \"%d\";\n"),
                (
                    "payloads/push.json",
                    "{\"aps\": {\"alert\": {\"loc-key\": \"full\", \"loc-args\": [\"a\"], \"title-loc-key\": \"gap\", \"title-loc-args\": [\"b\"], \"subtitle-loc-key\": \"num\", \"subtitle-loc-args\": [\"3\"]}}}\n"
                ),
            ]))
        let flags = Dictionary(
            uniqueKeysWithValues: context.payloadLookups.map { ($0.key, ($0.mayLackLocales, $0.mayReadNonObject)) })
        #expect(flags.count == 3)
        #expect(flags["full"]?.0 == false && flags["full"]?.1 == false)
        #expect(flags["gap"]?.0 == true && flags["gap"]?.1 == false)
        #expect(flags["num"]?.0 == false && flags["num"]?.1 == true)
    }

    /// Keys that read the same share one shape; its arguments are the shape of the uses worked
    /// out again from the texts, a printed use winning over a plural variable's reading.
    @Test func keysThatReadTheSameShareOneShapeWhichTheirUsesHave() throws {
        let context = ProjectIndex(
            project: Check.project([
                ("en.lproj/Localizable.strings", "\"a\" = \"%@ and %ld\";\n\"b\" = \"%1$@ or %2$ld\";\n\"c\" = \"50% of %*d\";\n"),
                (
                    "en.lproj/Localizable.stringsdict",
                    Self.stringsdict(key: "files", format: "%#@n@ in %@", one: "%ld file", other: "%ld files")
                ),
            ]))
        let en = try #require(context.formats["Localizable"]?["en"])
        let a = try #require(en["a"])
        let b = try #require(en["b"])
        #expect(a.shape == b.shape && a.shape.arguments.map(\.signature) == ["object", "int:64"])
        let shared =
            a.shape.arguments.withUnsafeBufferPointer { $0.baseAddress } == b.shape.arguments.withUnsafeBufferPointer { $0.baseAddress }
        #expect(shared, "one stored copy of a shape per table")
        let files = try #require(en["files"])
        #expect(files.shape.arguments.map(\.argument) == [1, 2] && files.shape[1]?.isVariable == false, "the form prints %ld")
        for key in ["a", "b", "c", "files"] {
            let format = try #require(en[key])
            #expect(ArgumentShape(format.arguments(in: context.texts)) == format.shape, "\(key)")
        }
        #expect(en["c"]?.shape.arguments.map(\.signature) == ["int", "int"], "'50% ' reads nothing; '%*d' reads a width and a value")
    }

    static func stringsdict(key: String, format: String, one: String, other: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>\(key)</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
        <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>ld</string>
        <key>one</key><string>\(one)</string><key>other</key><string>\(other)</string></dict>
        </dict></dict></plist>
        """
    }

    /// On every corpus app a key format's shape is the shape of the uses its texts give.
    @Test(.enabled(if: Check.corpusIsAvailable, Check.corpusSkipMessage))
    func everyCorpusKeyFormatHasTheShapeOfItsUses() async throws {
        let folder = Check.corpus.appendingPathComponent("apps")
        for app in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let context = ProjectIndex(project: await ProjectLoader.load(roots: [folder.appendingPathComponent(app).path]))
            var checked = 0
            for (_, byLocale) in context.formats {
                for (_, formats) in byLocale {
                    formats.forEach { key, _, format in
                        checked += 1
                        #expect(ArgumentShape(format.arguments(in: context.texts)) == format.shape, "\(app): \(key)")
                    }
                }
            }
            #expect(checked > 0, "\(app)")
        }
    }
}
