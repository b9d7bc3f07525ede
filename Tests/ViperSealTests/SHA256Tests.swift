import Crypto
import Foundation
import PropertyBased
import Testing
import ViperSeal

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        // 56 bytes: the padding needs a second block.
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func theStandardsVectors(message: String, digest: String) {
        #expect(hex(ViperSeal.SHA256.hash(message.utf8)) == digest)
    }

    @Test func aMillionTimesTheLetterA() {
        #expect(hex(ViperSeal.SHA256.hash(repeatElement(UInt8(ascii: "a"), count: 1_000_000))) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func everyLengthAroundTheBlocksAgreesWithSwiftCrypto() {
        for length in 0...200 {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            #expect(ViperSeal.SHA256.hash(message) == Array(Crypto.SHA256.hash(data: message)), "length \(length)")
        }
    }

    @Test func anyMessageAgreesWithSwiftCrypto() async {
        await propertyCheck(count: 300, input: Gen.uint8().array(of: 0...700)) { message in
            #expect(ViperSeal.SHA256.hash(message) == Array(Crypto.SHA256.hash(data: message)))
        }
    }
}
