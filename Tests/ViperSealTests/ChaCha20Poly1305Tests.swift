import Crypto
import Foundation
import PropertyBased
import Testing

@testable import ViperSeal

@Suite struct ChaCha20Poly1305Tests {
    private let sunscreen = Array("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.".utf8)

    @Test func theBlockFunctionMeetsRFC8439() {
        let cipher = ChaCha20(key: Array(0...31), nonce: bytes(hex: "000000090000004a00000000"))
        #expect(
            hex(cipher.block(counter: 1))
                == "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4ed2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e")
    }

    @Test func theCipherMeetsRFC8439() {
        let cipher = ChaCha20(key: Array(0...31), nonce: bytes(hex: "000000000000004a00000000"))
        let expected = """
            6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b357
            1639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736
            5af90bbf74a35be6b40b8eedf2785e42874d
            """
        #expect(hex(cipher.apply(to: sunscreen, counter: 1)) == expected.filter(\.isHexDigit))
        #expect(cipher.apply(to: cipher.apply(to: sunscreen, counter: 1), counter: 1) == sunscreen)
    }

    @Test(arguments: [
        // RFC 8439 §2.5.2, then Appendix A.3's vectors #5 to #11, which reach the carries and
        // the final reduction modulo 2^130 − 5.
        ("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b", hex("Cryptographic Forum Research Group".utf8), "a8061dc1305136c6c22b8baf0c0127a9"),
        ("02" + zeros(31), "ff" * 16, "03" + zeros(15)),
        ("02" + zeros(15) + "ff" * 16, "02" + zeros(15), "03" + zeros(15)),
        ("01" + zeros(31), "ff" * 16 + "f0" + "ff" * 15 + "11" + zeros(15), "05" + zeros(15)),
        ("01" + zeros(31), "ff" * 16 + "fb" + "fe" * 15 + "01" * 16, zeros(16)),
        ("02" + zeros(31), "fd" + "ff" * 15, "fa" + "ff" * 15),
        (
            "0100000000000000040000000000000000000000000000000000000000000000",
            "e33594d7505e43b900000000000000003394d7505e4379cd01000000000000000000000000000000000000000000000001000000000000000000000000000000",
            "14000000000000005500000000000000"
        ),
        (
            "0100000000000000040000000000000000000000000000000000000000000000",
            "e33594d7505e43b900000000000000003394d7505e4379cd010000000000000000000000000000000000000000000000",
            "13000000000000000000000000000000"
        ),
    ])
    func theAuthenticatorMeetsRFC8439(key: String, message: String, tag: String) {
        #expect(hex(Poly1305(key: bytes(hex: key)).tag(for: bytes(hex: message))) == tag)
    }

    @Test func sealingMeetsRFC8439() {
        let sealed = ChaCha20Poly1305.seal(
            sunscreen, key: Array(0x80...0x9f), authenticating: bytes(hex: "50515253c0c1c2c3c4c5c6c7"), nonce: bytes(hex: "070000004041424344454647"))
        let expected = """
            070000004041424344454647
            d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b
            1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc
            3ff4def08e4b7a9de576d26586cec64b6116
            1ae10b594f09e26a7e902ecbd0600691
            """
        #expect(hex(sealed) == expected.filter(\.isHexDigit))
    }

    @Test func whatOneSealsTheOtherOpensBothWays() async {
        let bytes = Gen.uint8().array(of: 0...300)
        await propertyCheck(count: 300, input: Gen.uint8().array(of: 32), bytes, bytes) { key, plaintext, associatedData in
            let ours = ChaCha20Poly1305.seal(plaintext, key: key, authenticating: associatedData)
            let opened = try? Crypto.ChaChaPoly.open(.init(combined: ours), using: SymmetricKey(data: key), authenticating: associatedData)
            #expect(opened.map(Array.init) == plaintext)

            let theirs = try? Crypto.ChaChaPoly.seal(plaintext, using: SymmetricKey(data: key), authenticating: associatedData).combined
            #expect(theirs.flatMap { ChaCha20Poly1305.open(Array($0), key: key, authenticating: associatedData) } == plaintext)
        }
    }

    @Test func everyLengthAroundABlockOpensWithSwiftCrypto() throws {
        let key = Array(UInt8(0)..<32)
        for textLength in [0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129] {
            for dataLength in [0, 1, 12, 16, 17, 32] {
                let plaintext = (0..<textLength).map { UInt8(truncatingIfNeeded: $0 &* 7) }
                let associatedData = [UInt8](repeating: 0xa5, count: dataLength)
                let ours = ChaCha20Poly1305.seal(plaintext, key: key, authenticating: associatedData)
                let opened = try Crypto.ChaChaPoly.open(.init(combined: ours), using: SymmetricKey(data: key), authenticating: associatedData)
                #expect(Array(opened) == plaintext, "\(textLength) bytes, \(dataLength) of data")
            }
        }
    }

    @Test func anyChangedByteKeyOrDataLeavesItShut() {
        let key = ChaCha20Poly1305.newKey()
        let sealed = ChaCha20Poly1305.seal(Array("a password".utf8), key: key, authenticating: Array("journal 1 entry 2".utf8))
        #expect(ChaCha20Poly1305.open(sealed, key: key, authenticating: Array("journal 1 entry 2".utf8)) == Array("a password".utf8))
        for index in sealed.indices {
            var changed = sealed
            changed[index] ^= 0x01
            #expect(ChaCha20Poly1305.open(changed, key: key, authenticating: Array("journal 1 entry 2".utf8)) == nil, "byte \(index)")
        }
        #expect(ChaCha20Poly1305.open(sealed, key: key, authenticating: Array("journal 1 entry 3".utf8)) == nil)
        #expect(ChaCha20Poly1305.open(sealed, key: ChaCha20Poly1305.newKey(), authenticating: Array("journal 1 entry 2".utf8)) == nil)
        #expect(ChaCha20Poly1305.open(Array(sealed.prefix(27)), key: key, authenticating: Array("journal 1 entry 2".utf8)) == nil)
        #expect(ChaCha20Poly1305.open(sealed, key: Array(key.prefix(16)), authenticating: Array("journal 1 entry 2".utf8)) == nil)
    }

    @Test func eachSealHasANonceOfItsOwn() {
        let key = ChaCha20Poly1305.newKey()
        let seals = (0..<100).map { _ in ChaCha20Poly1305.seal(Array("same".utf8), key: key, authenticating: [UInt8]()) }
        #expect(Set(seals.map { Array($0.prefix(12)) }).count == 100)
        #expect(ChaCha20Poly1305.newKey() != key)
    }
}

private func zeros(_ count: Int) -> String {
    String(repeating: "00", count: count)
}

private func * (text: String, count: Int) -> String {
    String(repeating: text, count: count)
}
