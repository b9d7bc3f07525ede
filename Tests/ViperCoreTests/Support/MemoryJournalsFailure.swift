/// The failure of a write `MemoryJournals.failNextAppends` asked for.
struct MemoryJournalsFailure: Error {}
