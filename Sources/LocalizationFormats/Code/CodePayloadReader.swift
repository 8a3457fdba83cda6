import Foundation

/// A source file, scanned: the payload keys its code builds and the keys it looks up in the
/// app's tables.
public struct CodeFile: Sendable {
    public var path: String
    public var language: CodeLanguage?
    /// One payload per key the code puts into a push (see `PushPayload.code`).
    public var payloads: [PushPayload]
    /// The keys Swift and Objective-C code looks up in the app's own tables.
    public var strings: LocalizedStringUses
    public var diagnostics: [Diagnostic]
    public var lines: LineTable?

    public init(
        path: String, language: CodeLanguage?, payloads: [PushPayload] = [], strings: LocalizedStringUses = LocalizedStringUses(),
        diagnostics: [Diagnostic] = [], lines: LineTable? = nil
    ) {
        self.path = path
        self.language = language
        self.payloads = payloads
        self.strings = strings
        self.diagnostics = diagnostics
        self.lines = lines
    }
}

/// Reads a source file: its payload keys as payloads, one per key, so the payload rules check
/// them as they check a template's; for Swift and Objective-C, the keys it looks up too.
public enum CodePayloadReader {
    public static func read(
        bytes: [UInt8], path: String, language: CodeLanguage, functions: [PushKeyFunction] = [],
        wrappers: [LocalizedStringWrapper] = [], everyLiteral: Bool = true
    ) -> CodeFile {
        // One lexing for both scanners, and none for a file that can hold neither kind of key.
        let mayHoldPushKeys = PushKeyScanner.mayHoldUses(bytes, functions: functions)
        let readsStrings =
            (language == .swift || language == .objectiveC)
            && (everyLiteral || LocalizedStringScanner.mayHoldUses(bytes, wrappers: wrappers))
        let (tokens, interpolations) =
            mayHoldPushKeys || readsStrings ? CodeLexer.tokensAndInterpolations(of: bytes, language: language) : ([], [])
        let uses = mayHoldPushKeys ? PushKeyScanner.uses(tokens: tokens, bytes: bytes, functions: functions) : []
        let strings =
            readsStrings
            ? LocalizedStringScanner.uses(
                tokens: tokens, interpolations: interpolations, bytes: bytes, language: language, wrappers: wrappers,
                everyLiteral: everyLiteral)
            : LocalizedStringUses()
        // Positions are needed only where something was found: most files have a line table of none.
        guard !uses.isEmpty || !strings.uses.isEmpty else { return CodeFile(path: path, language: language, strings: strings) }
        let lines = LineTable(utf8: bytes)
        let payloads = uses.map { use -> PushPayload in
            let keyPosition = lines.location(ofByte: use.keyOffset)
            let keyField = PayloadField(
                name: use.fieldName, keyLocation: lines.location(ofByte: use.nameOffset),
                value: JSONNode(value: .string(use.key), location: keyPosition))
            var argumentsField: PayloadField?
            var origin = CodeOrigin(language: language, line: keyPosition.line)
            switch use.arguments {
            case .literal(let items, let offset, let nameOffset, let name):
                let nodes = items.map { item in
                    JSONNode(value: .string(item.literal ?? "{\(item.source.excerpt)}"), location: lines.location(ofByte: item.offset))
                }
                argumentsField = PayloadField(
                    name: name, keyLocation: lines.location(ofByte: nameOffset),
                    value: JSONNode(value: .array(nodes), location: lines.location(ofByte: offset)))
            case .runtime(let offset, let name):
                let position = lines.location(ofByte: offset)
                origin.runtimeArguments = PayloadField(name: name, keyLocation: position, value: JSONNode(value: .null, location: position))
            case .none:
                origin.argumentsUnseen = true
            }
            var alert = PushAlert()
            switch use.part {
            case .title: (alert.titleLocKey, alert.titleLocArgs) = (keyField, argumentsField)
            case .subtitle: (alert.subtitleLocKey, alert.subtitleLocArgs) = (keyField, argumentsField)
            case .body: (alert.locKey, alert.locArgs) = (keyField, argumentsField)
            case .action: alert.actionLocKey = keyField
            }
            // The payload as APNs would get it, for previews: {"aps": {"alert": {…}}}.
            var members = [
                JSONMember(key: Self.jsonKey(use.part, arguments: false), keyLocation: keyField.keyLocation, value: keyField.value)
            ]
            if let argumentsField {
                members.append(
                    JSONMember(
                        key: Self.jsonKey(use.part, arguments: true), keyLocation: argumentsField.keyLocation, value: argumentsField.value))
            }
            let alertNode = JSONNode(value: .object(members), location: keyPosition)
            let aps = JSONNode(
                value: .object([JSONMember(key: "alert", keyLocation: keyPosition, value: alertNode)]), location: keyPosition)
            let root = JSONNode(value: .object([JSONMember(key: "aps", keyLocation: keyPosition, value: aps)]), location: keyPosition)
            var payload = PushPayload(path: path, dialect: .apns, name: nil, payload: root, aps: aps, alertNode: alertNode, alert: alert)
            payload.code = origin
            return payload
        }
        return CodeFile(path: path, language: language, payloads: payloads, strings: strings, lines: lines)
    }

    static func jsonKey(_ part: PushAlertPart, arguments: Bool) -> String {
        let suffix = arguments ? "loc-args" : "loc-key"
        switch part {
        case .body: return suffix
        case .title: return "title-" + suffix
        case .subtitle: return "subtitle-" + suffix
        case .action: return "action-loc-key"
        }
    }
}

/// Which source files are scanned for payload keys, and the project's own functions.
public struct CodeScanOptions: Sendable {
    /// Chooses the source files scanned under the folders given (the configuration's `code`
    /// globs); nil scans only source files given by name, so a check of an app's tree reads no code.
    public var accept: (@Sendable (String) -> Bool)?
    /// Functions that take a key and its arguments by position (`code: functions:`).
    public var functions: [PushKeyFunction]
    /// The app's own wrappers of `NSLocalizedString` (`code: wrappers:`).
    public var wrappers: [LocalizedStringWrapper]
    /// Whether `unused-key` runs: then every literal of the code is gathered too.
    public var everyLiteral = false
    /// Source files never scanned, even when named on the command line (`code: exclude`).
    public var excluded: (@Sendable (String) -> Bool)?
    /// Whether test code under the folders given is scanned too (`code: tests: true`; see `TestCode`).
    public var includeTests = false

    public init(accept: (@Sendable (String) -> Bool)? = nil, functions: [PushKeyFunction] = [], wrappers: [LocalizedStringWrapper] = []) {
        self.accept = accept
        self.functions = functions
        self.wrappers = wrappers
    }
}

/// Finds source files to scan for payload keys under the roots, by glob.
public enum CodeDiscovery {
    /// The source files (displayed paths under `root`) that `accept` takes, test code left out
    /// unless `includeTests` (`testFiles` counts what was), sorted.
    public static func select(_ paths: [String], root: String, accept: (String) -> Bool, includeTests: Bool = false, testFiles: inout Int)
        -> [String]
    {
        let displayRoot = root.hasSuffix("/") ? String(root.dropLast()) : root
        var result: [String] = []
        var skipped = 0
        for path in paths where accept(path) {
            let relative = displayRoot == "." || !path.hasPrefix(displayRoot + "/") ? path : String(path.dropFirst(displayRoot.count + 1))
            let components = relative.split(separator: "/")
            let inTests = !includeTests && components.dropLast().contains { TestCode.isTestFolder(String($0)) }
            if inTests || (!includeTests && TestCode.isTestFile(String(components.last ?? ""))) {
                skipped += 1
            } else {
                result.append(path)
            }
        }
        testFiles += skipped
        return result.sorted()
    }

    /// Reads and scans each file on all cores; an unreadable file becomes a diagnostic.
    public static func read(_ paths: [String], options: CodeScanOptions, maximumSize: Int = FileBytes.defaultMaximumSize) -> [CodeFile] {
        readInferringWrappers(paths, options: options, maximumSize: maximumSize).files
    }

    /// Reads and scans each file on all cores, then infers the app's own wrappers from their
    /// definitions (`WrapperInference`) and scans again the files that call one.
    public static func readInferringWrappers(_ paths: [String], options: CodeScanOptions, maximumSize: Int = FileBytes.defaultMaximumSize)
        -> (files: [CodeFile], wrappers: [LocalizedStringWrapper])
    {
        var files = scan(paths, options: options, maximumSize: maximumSize)
        let inferred = inferWrappers(in: &files, options: options) { path in
            if case .success(let bytes) = FileBytes.read(path, maximumSize: maximumSize) { return bytes }
            return nil
        }
        return (files, inferred)
    }

    /// The wrappers the files define (`WrapperInference`); the files that call one are scanned
    /// again with them, their bytes read through `bytes`.
    static func inferWrappers(in files: inout [CodeFile], options: CodeScanOptions, bytes: @Sendable (String) -> [UInt8]?)
        -> [LocalizedStringWrapper]
    {
        var definitions: [WrapperDefinition] = []
        for file in files {
            for var definition in file.strings.wrapperDefinitions {
                definition.wrapper.inferred?.path = file.path
                definitions.append(definition)
            }
        }
        let inferred = WrapperInference.resolve(definitions, configured: options.wrappers)
        guard !inferred.isEmpty else { return [] }
        // Only the files that call a wrapper: `name(` or `.name`, as a whole name.
        let needles = inferred.map { (bytes: Array(($0.onString ? "." + $0.name : $0.name + "(").utf8), onString: $0.onString) }
        @Sendable func calls(_ bytes: [UInt8]) -> Bool {
            needles.contains { needle in
                var from = 0
                while let at = ByteSearch.firstOccurrence(of: needle.bytes, in: bytes, from: from) {
                    let end = at + needle.bytes.count
                    let before = needle.onString || at == 0 || !CodeLexer.isIdentifierByte(bytes[at - 1])
                    let after = !needle.onString || end >= bytes.count || !CodeLexer.isIdentifierByte(bytes[end])
                    if before && after { return true }
                    from = at + 1
                }
                return false
            }
        }
        var again = options
        again.wrappers += inferred
        let paths = files.filter { $0.language == .swift || $0.language == .objectiveC }.map(\.path)
        let rescanned = paths.concurrentMap { path -> CodeFile? in
            guard let bytes = bytes(path), calls(bytes) else { return nil }
            return scan(path, bytes: bytes, options: again)
        }
        var byPath: [String: CodeFile] = [:]
        for file in rescanned.compactMap({ $0 }) { byPath[file.path] = file }
        for index in files.indices { if let file = byPath[files[index].path] { files[index] = file } }
        return inferred
    }

    static func scan(_ paths: [String], options: CodeScanOptions, maximumSize: Int) -> [CodeFile] {
        paths.concurrentMap { path in
            switch FileBytes.read(path, maximumSize: maximumSize) {
            case .success(let bytes):
                return scan(path, bytes: bytes, options: options)
            case .failure(let error):
                let name = path.split(separator: "/").last.map(String.init) ?? path
                return CodeFile(path: path, language: CodeLanguage(fileName: name), diagnostics: [Diagnostic.unreadable(error, path: path)])
            }
        }
    }

    static func scan(_ path: String, bytes: [UInt8], options: CodeScanOptions) -> CodeFile {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let language = CodeLanguage(fileName: name) else { return CodeFile(path: path, language: nil) }
        return CodePayloadReader.read(
            bytes: bytes, path: path, language: language, functions: options.functions, wrappers: options.wrappers,
            everyLiteral: options.everyLiteral)
    }
}
