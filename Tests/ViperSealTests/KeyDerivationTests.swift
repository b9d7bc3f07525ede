import Crypto
import Foundation
import PropertyBased
import Testing
import ViperSeal

@Suite struct KeyDerivationTests {
    @Test(arguments: [
        // RFC 4231, cases 1, 2 and 6 (a key longer than a block is hashed first).
        ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        ([UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8), "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    ])
    func hmacMeetsRFC4231(key: [UInt8], message: [UInt8], code: String) {
        #expect(hex(HMACSHA256.authenticationCode(for: message, key: key)) == code)
    }

    @Test func hkdfMeetsRFC5869() {
        let keyMaterial = [UInt8](repeating: 0x0b, count: 22)
        // Test case 1, then test case 3 (no salt, no info).
        #expect(
            hex(HKDFSHA256.deriveKey(inputKeyMaterial: keyMaterial, salt: Array(0...12), info: Array(0xf0...0xf9), outputByteCount: 42))
                == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
        #expect(
            hex(HKDFSHA256.deriveKey(inputKeyMaterial: keyMaterial, salt: [], info: [], outputByteCount: 42))
                == "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8")
    }

    @Test func anyDerivationAgreesWithSwiftCrypto() async {
        let bytes = Gen.uint8().array(of: 0...150)
        await propertyCheck(count: 200, input: bytes, bytes, bytes, Gen.int(in: 1...100)) { keyMaterial, salt, info, length in
            let expected = HKDF<Crypto.SHA256>.deriveKey(
                inputKeyMaterial: SymmetricKey(data: keyMaterial), salt: salt, info: info, outputByteCount: length)
            #expect(
                HKDFSHA256.deriveKey(inputKeyMaterial: keyMaterial, salt: salt, info: info, outputByteCount: length)
                    == expected.withUnsafeBytes { Array($0) })
        }
    }
}
