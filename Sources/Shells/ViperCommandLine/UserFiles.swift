import Foundation

/// Files the commands write where the user said (a database, a report): the folders on the way
/// are made, and a failure says why in the user's words, not in Foundation's domains and codes.
enum UserFiles {
    /// Makes `folder` with its parents, readable as `permissions` says; nil when it is there,
    /// else why it cannot be.
    static func makeFolder(_ folder: URL, permissions: Int = 0o755) -> String? {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: permissions])
            return nil
        } catch {
            var ancestor = folder
            while ancestor.path != "/" {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isFolder) {
                    if !isFolder.boolValue { return "\(ancestor.path) is a file, not a folder" }
                    break
                }
                ancestor.deleteLastPathComponent()
            }
            return reason(of: error) ?? "it cannot be made there"
        }
    }

    /// Writes `text` to the file at `path`, making its folder first; `what` names the file for
    /// the error (`the JUnit report (--junit)`).
    static func write(_ text: String, to path: String, what: String) throws(UserFileError) {
        let file = URL(fileURLWithPath: path)
        if let reason = makeFolder(file.deletingLastPathComponent()) {
            throw UserFileError("cannot write \(what) to \(path): \(reason)")
        }
        do {
            try Data(text.utf8).write(to: file, options: .atomic)
        } catch {
            throw UserFileError("cannot write \(what) to \(path): \(reason(of: error) ?? "it cannot be written there")")
        }
    }

    /// The system's reason (errno) for `error`, as Foundation's error wraps it.
    private static func reason(of error: any Error) -> String? {
        let underlying = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError } ?? (error as NSError)
        guard underlying.domain == NSPOSIXErrorDomain else { return nil }
        return String(cString: strerror(Int32(underlying.code))).lowercased()
    }
}

/// A file the user named could not be written; ArgumentParser prints it and exits 1.
struct UserFileError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
