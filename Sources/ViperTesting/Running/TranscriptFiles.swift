import ViperCore

import Foundation

/// Finds the transcripts to run: files named on the command line, and `*.transcript` files in
/// the folders named, searched recursively, skipping hidden folders (`.build`, `.git`).
enum TranscriptFiles {
    static let pathExtension = "transcript"

    struct NotFound: Error, CustomStringConvertible {
        let path: String
        var description: String { "no such file or folder: \(path)" }
    }

    struct NoneFound: Error, CustomStringConvertible {
        let paths: [String]
        var description: String { "no transcripts (*.\(TranscriptFiles.pathExtension)) in \(paths.joined(separator: ", ")); a run that tests nothing does not pass" }
    }

    /// The transcripts at or below `paths`, sorted, each once.
    static func find(in paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw NotFound(path: path) }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            let base = URL(fileURLWithPath: path)
            let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
            var found: [String] = []
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == pathExtension {
                    // Keep the path as the user spelled its folder, for messages they recognise.
                    let relative = url.path.dropFirst(base.path.count).drop { $0 == "/" }
                    found.append(path.hasSuffix("/") ? path + relative : path + "/" + relative)
                }
            }
            files += found.sorted()
        }
        var seen = Set<String>()
        return files.filter { seen.insert($0).inserted }
    }
}
