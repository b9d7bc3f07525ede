import Testing

@testable import SampleServer

@Suite("The chat room: long polls wake for a message, and end when the server stops")
struct ChatRoomTests {
    // A poll that is never woken waits an hour: the time limit, not an assertion on time,
    // is what fails these tests if waking is broken.
    @Test("A message wakes a waiting poll", .timeLimit(.minutes(1)))
    func messageWakes() async {
        let room = ChatRoom()
        let seen = await room.version
        let poll = Task { await room.waitForChange(after: seen, timeout: .seconds(3600)) }
        while await room.waiting == 0 { await Task.yield() }
        await room.changed()
        await poll.value
        #expect(await room.version == seen + 1)
    }

    @Test("Closing ends every waiting poll, and later polls return at once", .timeLimit(.minutes(1)))
    func closeEndsPolls() async {
        let room = ChatRoom()
        let poll = Task { await room.waitForChange(after: 0, timeout: .seconds(3600)) }
        while await room.waiting == 0 { await Task.yield() }
        await room.close()
        await poll.value
        await room.waitForChange(after: 0, timeout: .seconds(3600))
        #expect(await room.waiting == 0)
    }

    @Test("A poll that saw an older version does not wait at all", .timeLimit(.minutes(1)))
    func staleVersion() async {
        let room = ChatRoom()
        await room.changed()
        await room.waitForChange(after: 0, timeout: .seconds(3600))
        #expect(await room.waiting == 0)
    }
}
