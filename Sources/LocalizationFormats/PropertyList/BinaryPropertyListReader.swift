import Foundation

/// Compiled binary property lists (`bplist00`), as found in built app bundles.
///
/// They carry no positions, so they are read through Foundation and reported with a note saying
/// the values were read without line numbers.
enum BinaryPropertyListReader {
    static func read(bytes: [UInt8], path: String) -> PropertyListDocument {
        let note = Diagnostic(.binaryPropertyList, .binaryPropertyList, path: path, at: SourcePosition(line: 1, column: 1))
        do {
            let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            return PropertyListDocument(path: path, root: convert(object, depth: 0), diagnostics: [note], loads: true, isBinary: true)
        } catch {
            let diagnostic = Diagnostic(
                .plistInvalidStructure, .binaryPropertyListCorrupt, path: path, at: SourcePosition(line: 1, column: 1))
            return PropertyListDocument(path: path, root: nil, diagnostics: [diagnostic], loads: false, isBinary: true)
        }
    }

    static func readStrings(bytes: [UInt8], path: String) -> StringsFile {
        let document = read(bytes: bytes, path: path)
        return StringsFile(fromPropertyList: document, encoding: .binaryPropertyList)
    }

    private static func convert(_ object: Any, depth: Int) -> PropertyListNode? {
        guard depth < 512 else { return nil }
        switch object {
        case let text as String:
            return PropertyListNode(.string(text), location: nil)
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            if type == "c" || type == "B" { return PropertyListNode(.bool(number.boolValue), location: nil) }
            if type == "f" || type == "d" { return PropertyListNode(.real(number.doubleValue), location: nil) }
            return PropertyListNode(.integer(text: number.stringValue, value: number.int64Value), location: nil)
        case let date as Date:
            return PropertyListNode(.date(ISO8601DateFormatter().string(from: date)), location: nil)
        case let data as Data:
            return PropertyListNode(.data([UInt8](data)), location: nil)
        case let array as [Any]:
            return PropertyListNode(.array(array.compactMap { convert($0, depth: depth + 1) }), location: nil)
        case let dictionary as [String: Any]:
            let entries = dictionary.keys.sorted().compactMap { key in
                convert(dictionary[key] as Any, depth: depth + 1).map {
                    PropertyListEntry(key: key, keyLocation: nil, value: $0)
                }
            }
            return PropertyListNode(.dictionary(entries), location: nil)
        default:
            return nil
        }
    }
}

/// Property lists of any form: XML through libxml2, binary through Foundation.
public enum PropertyListReader {
    public static func read(bytes: [UInt8], path: String) -> PropertyListDocument {
        read(bytes: bytes, path: path, rootEntry: nil).document
    }

    /// `read(bytes:path:)`, handing each entry of a top-level dictionary to `rootEntry` as it is
    /// read where the plain reader reads the file (`PlainPropertyListReader.read(bytes:path:rootEntry:)`):
    /// `handedOver` says so, and the document's root is then that dictionary, empty. Otherwise
    /// the document holds the whole tree, and what `rootEntry` was given must be dropped.
    static func read(
        bytes: [UInt8], path: String, rootEntry: ((PropertyListEntry) -> Void)?
    ) -> (document: PropertyListDocument, handedOver: Bool) {
        if bytes.count >= 8, bytes[0] == UInt8(ascii: "b"), bytes.starts(with: "bplist00".utf8) {
            return (BinaryPropertyListReader.read(bytes: bytes, path: path), false)
        }
        if bytes.isEmpty {
            let document = PropertyListDocument(
                path: path, root: nil,
                diagnostics: [
                    Diagnostic(.emptyFile, .propertyListEmptyFile, path: path, at: SourcePosition(line: 1, column: 1))
                ], loads: false, isBinary: false)
            return (document, false)
        }
        return XMLPropertyListReader.read(bytes: bytes, path: path, rootEntry: rootEntry)
    }
}

/// `.strings` tables written as XML property lists.
enum XMLStringsReader {
    static func read(bytes: [UInt8], path: String) -> StringsFile {
        StringsFile(fromPropertyList: XMLPropertyListReader.read(bytes: bytes, path: path), encoding: .utf8)
    }
}

extension StringsFile {
    /// A `.strings` table from a property list: the top level must be a dictionary of strings.
    init(fromPropertyList document: PropertyListDocument, encoding: TextEncoding) {
        self.init(path: document.path, encoding: encoding, diagnostics: [], loads: document.loads)
        var diagnostics = document.diagnostics
        if let root = document.root {
            if let dictionary = root.dictionary {
                var seen: [String: SourcePosition?] = [:]
                // A binary property list may give many keys one string object: its text is held once.
                var held: [String: Range<Int>] = [:]
                for item in dictionary {
                    let value = item.value.string
                    if value == nil {
                        diagnostics.append(
                            Diagnostic(
                                .nonStringValue, .nonStringValue(key: item.key, found: item.value.typeNameWithArticle), path: document.path,
                                at: item.value.location, key: item.key))
                    }
                    if let first = seen[item.key] {
                        diagnostics.append(
                            Diagnostic(
                                .duplicateKey, .duplicateKey(key: item.key), path: document.path, at: item.keyLocation,
                                notes: [DiagnosticNote(message: .firstDefinition(key: item.key), path: document.path, location: first)],
                                key: item.key))
                    } else {
                        seen[item.key] = item.keyLocation
                    }
                    var range: Range<Int>?
                    if let value {
                        range = held[value] ?? appendText(value)
                        guard let range else {
                            self.loads = false
                            diagnostics.append(
                                Diagnostic(
                                    .fileTooLarge, .tableTextTooLarge(limit: Self.maximumTextSize, key: item.key), path: document.path,
                                    at: item.keyLocation, key: item.key))
                            break
                        }
                        held[value] = range
                    }
                    append(
                        key: item.key, valueRange: range, valueKind: kind(of: item.value), keyLocation: item.keyLocation,
                        valueLocation: item.value.location)
                }
            } else {
                self.loads = false
                diagnostics.append(
                    Diagnostic(
                        .notATable, .topLevelNotDictionary(found: root.typeNameWithArticle), path: document.path, at: root.location))
            }
        }
        self.diagnostics = diagnostics
        if !loads { markNotLoaded() }
    }
}

private func kind(of node: PropertyListNode) -> StringsValueKind {
    switch node.value {
    case .dictionary: .dictionary
    case .array: .array
    case .data: .data
    default: .string
    }
}
