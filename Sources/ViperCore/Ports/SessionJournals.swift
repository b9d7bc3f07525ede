/// Where a served engine keeps each session's journal: what its View sent and what came from
/// outside, so that the session can be rebuilt on any process sharing the same database after
/// its own process is gone (`initialize {"resume": KEY}`).
///
/// A journal belongs to one live session at a time, its owner: a session that resumes it takes
/// it over, and appends of the session it was taken from are refused from then on, so that a
/// process that lost its client but lives on cannot write into a journal another process goes
/// on with.
public protocol SessionJournals: Sendable {
    /// Starts the journal `key` of a new session of `workspace`, whose `initialize` params were
    /// `header` (JSON), owned by `owner`.
    func open(key: String, owner: String, workspace: Workspace, header: String) async throws

    /// Adds `entries` to the journal `key`, after removing those numbered below `cuttingBefore`
    /// when it is given, and pushes its expiry back. Returns false, adding nothing, when `owner`
    /// owns the journal no more (another session resumed it) or it is gone.
    func append(_ entries: [JournalEntry], to key: String, owner: String, cuttingBefore: Int?) async throws -> Bool

    /// Hands the journal `key` over to `owner`, with its header and entries in order, when it
    /// exists, has not expired and belongs to `workspace`.
    func take(_ key: String, owner: String, workspace: Workspace) async throws -> JournalTaking
}
