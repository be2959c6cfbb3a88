import Foundation

/// A folder the tool writes a run's files in, held open by its descriptor: every file in it is created, opened,
/// renamed and removed relative to that descriptor, never following a link and never blocking on a special file.
///
/// Another user who can write the folder (a shared /tmp path, a world-writable CI cache) can plant `domains.jsonl`
/// as a link to a file of ours, or as a FIFO or a device; opening by path would write through the link or block.
/// So a file is looked at (`fstatat` without following) before it is opened, opened with `O_NOFOLLOW` and
/// `O_NONBLOCK`, and checked again on its descriptor: anything but a regular file is refused with a sentence, as
/// git and curl refuse. Folders the tool creates are mode 0700; a folder the user named keeps its mode.
public final class RunFolder: Sendable {
    /// The folder's descriptor, open for as long as the value lives.
    public let fd: Int32
    /// The folder as named (relative stays relative), for messages.
    public let path: String

    /// A file or folder that could not be used, as one sentence naming it.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        /// The system's error number, 0 for a refusal.
        public var code: Int32 = 0

        init(_ path: String, _ reason: String) { description = "\(path): \(reason)" }
        init(sentence: String) { description = sentence }

        /// The system's reason for `errno`.
        static func system(_ path: String, _ code: Int32 = errno) -> Failure {
            var failure = Failure(path, String(cString: strerror(code)))
            failure.code = code
            return failure
        }
    }

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { close(fd) }

    /// The path of `name` in this folder, for messages.
    public func path(of name: String) -> String { path.hasSuffix("/") ? path + name : path + "/" + name }

    /// Opens the folder at `path` as the user named it (a link of theirs on the way is followed), first creating
    /// it and any missing parent with mode 0700 when `creating`.
    public static func open(_ path: String, creating: Bool) throws -> RunFolder {
        if creating { try makeFolders(path) }
        let fd = Foundation.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOTDIR, let file = fileInTheWay(of: path) {
                throw Failure(path, "\(file) is a file, not a folder")
            }
            throw Failure.system(path, code)
        }
        return RunFolder(fd: fd, path: path)
    }

    /// A new folder of this process's own under the system's temporary folder, mode 0700.
    public static func temporary(prefix: String) throws -> RunFolder {
        let parent = try open(FileManager.default.temporaryDirectory.path, creating: false)
        return try parent.makeFolder("\(prefix)-\(getpid())-\(UUID().uuidString)")
    }

    /// `mkdir -p` with mode 0700 for each folder made.
    private static func makeFolders(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                let code = errno
                if code == ENOTDIR || code == ENOENT, let file = fileInTheWay(of: prefix) {
                    throw Failure(path, "\(file) is a file, not a folder")
                }
                throw Failure.system(path, code)
            }
            prefix += "/"
        }
    }

    /// The nearest existing ancestor of `path` (or `path` itself) when it is not a folder: what stops a folder
    /// being made there.
    public static func fileInTheWay(of path: String) -> String? {
        var url = URL(fileURLWithPath: path)
        while url.path != "/" && !url.path.isEmpty {
            var info = stat()
            if stat(url.path, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR ? nil : url.path }
            url.deleteLastPathComponent()
        }
        return nil
    }

    /// Creates the folder `name` here, mode 0700 (failing when anything is there), and opens it.
    public func makeFolder(_ name: String) throws -> RunFolder {
        guard mkdirat(fd, name, 0o700) == 0 else { throw Failure.system(path(of: name)) }
        return try folder(name)
    }

    /// Opens the existing folder `name` here; a link or anything else in its place is refused.
    public func folder(_ name: String) throws -> RunFolder {
        let sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard sub >= 0 else {
            let code = errno
            if let kind = kind(of: name), kind != "a folder" {
                throw Failure(sentence: "\(path(of: name)) is \(kind), not a folder: refusing to use it")
            }
            throw Failure.system(path(of: name), code)
        }
        return RunFolder(fd: sub, path: path(of: name))
    }

    /// What `name` is when it is not a regular file ("a symbolic link", "a FIFO"), nil when it is one or is missing.
    public func kind(of name: String) -> String? {
        var info = stat()
        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return Self.kind(info.st_mode)
    }

    static func kind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a folder"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// How a file is opened.
    public enum Access {
        /// Created: nothing may be in its place (a temporary file, a fresh run's log).
        case create
        /// Appended to, created when missing (a resumed run's log).
        case append
        /// Read and written where it is (a log read back and cut); nil when missing.
        case update
        /// Read; nil when missing.
        case read
    }

    /// The sentence refusing `name`, which is `kind`.
    func refusal(_ name: String, _ kind: String, writing: Bool) -> Failure {
        let through = kind == "a symbolic link"
        let what = writing ? (through ? "write through it" : "write to it") : (through ? "read through it" : "read it")
        return Failure(sentence: "\(path(of: name)) is \(kind), not a file: refusing to \(what)")
    }

    /// Opens the regular file `name` here, without following a link and without blocking on a FIFO or a device
    /// (neither is opened when seen first); nil when it is missing and `access` does not create it. The descriptor
    /// is the caller's to close.
    public func open(_ name: String, _ access: Access) throws -> Int32? {
        // A log read back (and cut) is refused as read: that is what the run was about to do with it.
        let writing = access == .create || access == .append
        if let kind = kind(of: name) { throw refusal(name, kind, writing: writing) }
        var flags = O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        switch access {
        case .create: flags |= O_RDWR | O_CREAT | O_EXCL
        case .append: flags |= O_RDWR | O_APPEND | O_CREAT
        case .update: flags |= O_RDWR
        case .read: flags |= O_RDONLY
        }
        let file = openat(fd, name, flags, 0o644)
        guard file >= 0 else {
            let code = errno
            if code == ENOENT && (access == .read || access == .update) { return nil }
            // Planted between the look and the open.
            if let kind = kind(of: name) { throw refusal(name, kind, writing: writing) }
            throw Failure.system(path(of: name), code)
        }
        var info = stat()
        guard fstat(file, &info) == 0 else {
            let code = errno
            close(file)
            throw Failure.system(path(of: name), code)
        }
        if let kind = Self.kind(info.st_mode) {
            close(file)
            throw refusal(name, kind, writing: writing)
        }
        _ = fcntl(file, F_SETFL, fcntl(file, F_GETFL) & ~O_NONBLOCK)
        return file
    }

    /// Reads the regular file `name` whole, refusing one longer than `limit` bytes; nil when it is missing.
    public func read(_ name: String, limit: Int) throws -> Data? {
        guard let file = try open(name, .read) else { return nil }
        defer { close(file) }
        var bytes = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(file, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw Failure.system(path(of: name)) }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
            if bytes.count > limit { throw Failure(path(of: name), "longer than \(limit) bytes") }
        }
    }

    /// Writes what `produce` hands over to a new temporary file here (a random name, created, never followed),
    /// then renames it over `name`: readers see the old file or the whole new one, never a torn one, and a link
    /// planted at `name` is replaced, not written through. A failure names the file and the system's reason.
    public func writeAtomically(_ name: String, _ produce: (_ sink: (Data) throws -> Void) throws -> Void) throws {
        let file = try AtomicFile(self, name)
        do {
            try produce { try file.write($0) }
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// A file being written as `writeAtomically` writes it, for several written at once (a report pass): a
    /// temporary file until `commit` renames it over its name; removed if never committed.
    public final class AtomicFile {
        private let folder: RunFolder
        public let name: String
        private let temporary: String
        private var file: Int32

        public init(_ folder: RunFolder, _ name: String) throws {
            self.folder = folder
            self.name = name
            temporary = ".\(name).\(getpid()).\(UUID().uuidString).tmp"
            do {
                guard let file = try folder.open(temporary, .create) else {
                    throw Failure.system(folder.path(of: temporary), ENOENT)
                }
                self.file = file
            } catch {
                unlinkat(folder.fd, temporary, 0)
                throw error
            }
        }

        deinit { discard() }

        public func write(_ data: Data) throws {
            guard file >= 0 else { throw Failure(folder.path(of: name), "written after it was closed") }
            try RunFolder.write(data, to: file, name: folder.path(of: name))
        }

        /// Syncs the file and renames it over `name`.
        public func commit() throws {
            guard file >= 0 else { throw Failure(folder.path(of: name), "committed after it was closed") }
            let synced = fsync(file) == 0 ? nil : Failure.system(folder.path(of: name))
            close(file)
            file = -1
            let failure =
                synced ?? (renameat(folder.fd, temporary, folder.fd, name) == 0 ? nil : .system(folder.path(of: name)))
            if let failure {
                unlinkat(folder.fd, temporary, 0)
                throw failure
            }
        }

        /// Closes and removes the temporary file (nothing once committed).
        public func discard() {
            guard file >= 0 else { return }
            close(file)
            file = -1
            unlinkat(folder.fd, temporary, 0)
        }
    }

    /// Writes every byte of `data` to `file`.
    static func write(_ data: Data, to file: Int32, name: String) throws {
        try data.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Foundation.write(file, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw Failure.system(name) }
                done += n
            }
        }
    }

    /// Removes `name` here and, for a folder, everything in it, never following a link (a link is removed itself).
    /// Folders nested deeper than `depth` are refused rather than walked: a planted tree cannot exhaust
    /// descriptors or the stack.
    public func remove(_ name: String, depth: Int = 16) throws {
        var info = stat()
        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return }
            throw Failure.system(path(of: name))
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            guard depth > 0 else { throw Failure(path(of: name), "folders nested too deep to remove") }
            let sub = try folder(name)
            for entry in try sub.names() { try sub.remove(entry, depth: depth - 1) }
            guard unlinkat(fd, name, AT_REMOVEDIR) == 0 else { throw Failure.system(path(of: name)) }
        } else {
            guard unlinkat(fd, name, 0) == 0 else { throw Failure.system(path(of: name)) }
        }
    }

    /// The names in this folder, without `.` and `..`.
    public func names() throws -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let directory = fdopendir(copy) else {
            let code = errno
            if copy >= 0 { close(copy) }
            throw Failure.system(path, code)
        }
        defer { closedir(directory) }
        rewinddir(directory)
        var found: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { found.append(name) }
        }
        return found
    }

    /// Moves the regular files among `names` into a fresh `previous/` here (an older one removed first, links in it
    /// not followed), so a new run starts clean and the last one is kept for comparison. Anything else at those
    /// names stays where it is (the run refuses it when it opens it). Returns the names moved; `previous/` is left
    /// alone when there are none.
    public func keepPrevious(_ names: [String]) throws -> [String] {
        var info = stat()
        let moving = names.filter {
            fstatat(fd, $0, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFREG
        }
        guard !moving.isEmpty else { return [] }
        try remove(Self.previous)
        let previous = try makeFolder(Self.previous)
        for name in moving {
            guard renameat(fd, name, previous.fd, name) == 0 else { throw Failure.system(path(of: name)) }
        }
        return moving
    }

    /// The folder an earlier run's files are moved to.
    public static let previous = "previous"
}
