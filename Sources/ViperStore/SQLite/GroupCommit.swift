import Synchronization

/// One write transaction that several writers share: the first began it and commits it; the
/// others ran their statements in it, each in a savepoint of its own, and wait for the commit.
final class GroupCommit: Sendable {
    private struct State {
        /// The leader, waiting for the writer it let in to be done with its statements.
        var leaderWaiting: CheckedContinuation<Void, Never>?
        var memberDone = false
        /// The members waiting for the commit, and its outcome once known.
        var waitingForCommit: [CheckedContinuation<StoreError?, Never>] = []
        var outcome: StoreError??
        var announced: [StoreChange] = []
        var members = 1
    }

    private let state = Mutex(State())

    /// How many writers share the transaction, its leader included.
    var members: Int { state.withLock { $0.members } }

    /// What the members announced, to publish once the transaction commits.
    var announced: [StoreChange] { state.withLock { $0.announced } }

    /// Notes the changes a member (or the leader) announced and kept.
    func keep(_ changes: [StoreChange]) {
        state.withLock { $0.announced += changes }
    }

    /// The leader waits here for the member it let in to be done with its statements.
    func waitForMember() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.memberDone {
                    state.memberDone = false
                    return true
                }
                state.leaderWaiting = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// A member is done with its statements: the leader goes on. It then waits for the commit:
    /// nil when it committed, else why not.
    func memberFinished() async -> StoreError? {
        await withCheckedContinuation { continuation in
            let (leader, outcome) = state.withLock { state -> (CheckedContinuation<Void, Never>?, StoreError??) in
                state.members += 1
                if let outcome = state.outcome { return (nil, outcome) }
                state.waitingForCommit.append(continuation)
                let leader = state.leaderWaiting
                state.leaderWaiting = nil
                if leader == nil { state.memberDone = true }
                return (leader, nil)
            }
            leader?.resume()
            if let outcome { continuation.resume(returning: outcome) }
        }
    }

    /// The transaction committed (`failure` nil) or did not: every member learns which.
    func finish(_ failure: StoreError?) {
        let waiting = state.withLock { state in
            state.outcome = .some(failure)
            defer { state.waitingForCommit = [] }
            return state.waitingForCommit
        }
        for member in waiting { member.resume(returning: failure) }
    }
}
