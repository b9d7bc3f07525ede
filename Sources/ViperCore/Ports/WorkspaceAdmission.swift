/// Whether a session may work in a workspace, asked by `initialize`: a server keeps data for a
/// bounded number of workspaces, and a client may not make it keep more.
public protocol WorkspaceAdmission: Sendable {
    /// Why a session may not work in `workspace`, in words for the client (what to do instead),
    /// or nil when it may.
    func admit(_ workspace: Workspace) async -> String?
}
