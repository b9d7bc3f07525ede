import Foundation
import Synchronization
import ViperCore
import ViperStore

/// The SQLite databases of an engine's workspaces (`--db`): opened when a session of a
/// workspace first needs one, counted while sessions hold them (`WorkspaceLease`), and closed
/// `limits.idle` after the last lets go, with what `onClose` was given to stop first (the
/// sample server answering for the workspace): a server that clients took through a hundred
/// workspaces holds open the files of those in use, not of every one it ever opened. In memory
/// (`:memory:`) a workspace's database is its data, and stays open.
///
/// At most `limits.maxWorkspaces` workspaces exist, the default one included: `admit` refuses
/// a session that would make one more.
final class WorkspaceDatabases: Sendable {
    private struct Open {
        let database: any StoreBackend
        var leases = 0
        /// Bumped by each lease: a close planned before it does not happen.
        var generation = 0
    }

    private struct State {
        var open: [Workspace: Open] = [:]
        /// Workspaces let in that may not have a file yet.
        var admitted: Set<Workspace> = []
    }

    private let location: DatabaseLocation
    let limits: WorkspaceLimits
    private let state = Mutex(State())
    private let migrationList = Mutex<[StoreMigration]>([])
    private let closing = Mutex<[@Sendable (Workspace) async -> Void]>([])

    init(location: DatabaseLocation, limits: WorkspaceLimits) {
        self.location = location
        self.limits = limits
    }

    /// The hosted apps' migrations, given once the apps are made, before a database opens.
    var migrations: [StoreMigration] {
        get { migrationList.withLock { $0 } }
        set { migrationList.withLock { $0 = newValue } }
    }

    /// The database of `workspace`, opened the first time it is needed; it stays open while
    /// leases hold it, and `limits.idle` after. A workspace's file that is a link, or anything
    /// but a regular file, is not opened.
    func database(of workspace: Workspace) throws -> any StoreBackend {
        try open(workspace, leasing: false)
    }

    /// The database of `workspace`, held for one app of one session until the lease is let go.
    func lease(_ workspace: Workspace) throws -> any StoreBackend {
        let database = try open(workspace, leasing: true)
        return WorkspaceLease(database) { [weak self] in self?.released(workspace) }
    }

    /// Runs `action` before a workspace's database closes.
    func onClose(_ action: @escaping @Sendable (Workspace) async -> Void) {
        closing.withLock { $0.append(action) }
    }

    /// Why a session may not work in `workspace`, or nil when it may: it exists already, or
    /// fewer than `limits.maxWorkspaces` do.
    func admit(_ workspace: Workspace) -> String? {
        guard workspace != .default else { return nil }
        if state.withLock({ $0.open[workspace] != nil || $0.admitted.contains(workspace) }) { return nil }
        // The folder is listed outside the lock, which every session's database goes through.
        let existing = existingWorkspaces()
        return state.withLock { state -> String? in
            if !existing.contains(workspace) {
                // The default workspace counts too.
                let count = existing.union(state.admitted).union(state.open.keys).subtracting([.default]).count + 1
                guard count < limits.maxWorkspaces else { return Self.refusal(limits.maxWorkspaces) }
            }
            state.admitted.insert(workspace)
            return nil
        }
    }

    /// Why a new workspace is refused when `limit` exist.
    static func refusal(_ limit: Int) -> String {
        "must name a workspace this server keeps already: it keeps data for \(limit), its limit (--max-workspaces)"
    }

    /// Closes every database: the engine is closing.
    func closeAll() async throws {
        let databases = state.withLock { state in
            defer { state.open = [:] }
            return state.open.values.map(\.database)
        }
        for database in databases { try await database.close() }
    }

    // MARK: - Helpers

    /// The database of `workspace`, opened outside the lock (opening and migrating a file
    /// takes a while, and must not hold up the sessions of other workspaces); counted as held
    /// when `leasing`.
    private func open(_ workspace: Workspace, leasing: Bool) throws -> any StoreBackend {
        if let database = take(workspace, leasing: leasing) { return database }
        let file = location.of(workspace)
        if workspace != .default, file.isPlanted {
            throw DatabaseLocationError("the database of workspace '\(workspace)' at \(file.file ?? "") is not a regular file; it is not opened through a link")
        }
        let opened = try file.open(migrations: migrations)
        let (database, openedHere) = state.withLock { state -> (any StoreBackend, Bool) in
            // Another session opened it meanwhile: its copy is the one, and this one closes.
            let openedHere = state.open[workspace] == nil
            var open = state.open[workspace] ?? Open(database: opened)
            if leasing {
                open.leases += 1
                open.generation += 1
            }
            state.open[workspace] = open
            return (open.database, openedHere)
        }
        if !openedHere {
            Task { try? await opened.close() }
        } else {
            // Receipts of sessions whose process died, and that nobody resumed, go in time.
            Task { await JournalReceiptTable.purgeExpired(in: database) }
        }
        return database
    }

    /// The database of `workspace` if it is open, counted as held when `leasing`.
    private func take(_ workspace: Workspace, leasing: Bool) -> (any StoreBackend)? {
        state.withLock { state in
            guard var open = state.open[workspace] else { return nil }
            if leasing {
                open.leases += 1
                open.generation += 1
                state.open[workspace] = open
            }
            return open.database
        }
    }

    private func released(_ workspace: Workspace) {
        let generation = state.withLock { state -> Int? in
            guard var open = state.open[workspace] else { return nil }
            open.leases -= 1
            state.open[workspace] = open
            return open.leases == 0 && workspace != .default && location.file != nil ? open.generation : nil
        }
        guard let generation else { return }
        let idle = limits.idle
        Task { [weak self] in
            try? await Task.sleep(for: idle)
            await self?.closeIfIdle(workspace, generation: generation)
        }
    }

    private func closeIfIdle(_ workspace: Workspace, generation: Int) async {
        let database = state.withLock { state -> (any StoreBackend)? in
            guard let open = state.open[workspace], open.leases == 0, open.generation == generation else { return nil }
            state.open[workspace] = nil
            return open.database
        }
        guard let database else { return }
        for action in closing.withLock({ $0 }) { await action(workspace) }
        try? await database.close()
    }

    /// The workspaces whose files lie beside the default one's (`viper.ada.sqlite` beside
    /// `viper.sqlite`); in memory, those open.
    private func existingWorkspaces() -> Set<Workspace> {
        guard let path = location.file else { return [] }
        let url = URL(fileURLWithPath: path)
        let stem = url.deletingPathExtension().lastPathComponent + "."
        let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? []
        return Set(names.compactMap { name -> Workspace? in
            guard name.hasPrefix(stem), name.hasSuffix(suffix), name.count > stem.count + suffix.count else { return nil }
            return Workspace(name: String(name.dropFirst(stem.count).dropLast(suffix.count)))
        })
    }
}
